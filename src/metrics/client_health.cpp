#include "metrics/client_health.h"

#include <cstdio>

namespace aiperf {
namespace {

std::string format(const char* fmt, const std::string& who, double value, double limit) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, who.c_str(), value, limit);
  return buf;
}

}  // namespace

void judge_client_health(ClientHealth& h) {
  h.reasons.clear();
  const ClientHealthThresholds& t = h.thresholds;
  for (const WorkerHealth& w : h.workers) {
    if (w.lag_samples > 0 && w.lag_p99_ms > t.event_loop_lag_p99_ms)
      h.reasons.push_back(format("%s event-loop lag p99 %.2f ms > %.2f ms", w.worker_id, w.lag_p99_ms,
                                 t.event_loop_lag_p99_ms));
    if (w.window_s > 0 && w.busy_fraction() >= t.worker_busy_fraction)
      h.reasons.push_back(format("%s busy (on CPU or waiting for one) %.0f %% of the time >= %.0f %%",
                                 w.worker_id, 100 * w.busy_fraction(), 100 * t.worker_busy_fraction));
    if (w.held_sends > 0) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "%s held back %llu sends for %.3f s: the record processor fell behind",
                    w.worker_id.c_str(), static_cast<unsigned long long>(w.held_sends), w.record_hold_s);
      h.reasons.push_back(buf);
    }
  }
  if (h.send_lag_p99_ms && *h.send_lag_p99_ms > t.send_lag_p99_ms)
    h.reasons.push_back(format("%ssend lag p99 %.2f ms > %.2f ms", "", *h.send_lag_p99_ms, t.send_lag_p99_ms));
  h.client_bound = !h.reasons.empty();
}

}  // namespace aiperf
