#include "mock_server/stall_window.h"

namespace aiperf::mock {

void StallWindow::request_seen(int64_t now_ns) {
  if (length_ns_ == 0 || first_request_ns_.load(std::memory_order_relaxed) != 0) return;
  int64_t expected = 0;
  first_request_ns_.compare_exchange_strong(expected, now_ns, std::memory_order_relaxed);
}

int64_t StallWindow::hold_until(int64_t now_ns) const {
  const int64_t first = first_request_ns_.load(std::memory_order_relaxed);
  if (length_ns_ == 0 || first == 0) return 0;
  const int64_t start = first + after_ns_;
  const int64_t end = start + length_ns_;
  return now_ns >= start && now_ns < end ? end : 0;
}

}  // namespace aiperf::mock
