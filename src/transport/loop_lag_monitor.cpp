#include "transport/loop_lag_monitor.h"

namespace aiperf {

LoopLagMonitor::LoopLagMonitor(boost::asio::io_context& io, std::chrono::nanoseconds period)
    : timer_(io), period_(period) {}

void LoopLagMonitor::start() { arm(std::chrono::steady_clock::now() + period_); }

void LoopLagMonitor::arm(std::chrono::steady_clock::time_point due) {
  timer_.expires_at(due);
  timer_.async_wait([this, due](const boost::system::error_code& ec) {
    if (ec) return;
    const auto now = std::chrono::steady_clock::now();
    lag_.record(std::chrono::duration_cast<std::chrono::nanoseconds>(now - due).count());
    arm(now + period_);
  });
}

}  // namespace aiperf
