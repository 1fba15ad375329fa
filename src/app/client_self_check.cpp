#include "app/client_self_check.h"

#include <algorithm>

namespace aiperf {
namespace {

constexpr double kNsPerMs = 1e6;

WorkerHealth worker_health(const WorkerLoadSample& s) {
  WorkerHealth w;
  w.worker_id = "worker_" + std::to_string(s.worker_id);
  w.lag_samples = s.loop_lag.count();
  w.lag_p50_ms = double(s.loop_lag.quantile(0.50)) / kNsPerMs;
  w.lag_p99_ms = double(s.loop_lag.quantile(0.99)) / kNsPerMs;
  w.lag_max_ms = double(s.loop_lag.max()) / kNsPerMs;
  w.held_sends = s.held_sends;
  w.record_hold_s = double(s.record_hold_ns) / 1e9;
  const int64_t window_ns = s.end.mono_ns - s.start.mono_ns;
  if (s.start.mono_ns == 0 || window_ns <= 0) return w;  // the window never opened
  w.window_s = double(window_ns) / 1e9;
  w.cpu_utilization = double(std::max<int64_t>(0, s.end.cpu_ns - s.start.cpu_ns)) / double(window_ns);
  w.pacing_poll_fraction = std::min(w.cpu_utilization, double(s.pacing_poll_ns) / double(window_ns));
  if (s.start.runqueue_wait_ns >= 0 && s.end.runqueue_wait_ns >= 0)
    w.runqueue_wait_fraction =
        double(std::max<int64_t>(0, s.end.runqueue_wait_ns - s.start.runqueue_wait_ns)) / double(window_ns);
  return w;
}

}  // namespace

ClientHealth assess_client(const std::vector<WorkerLoadSample>& workers, const RunSummary& summary) {
  ClientHealth h;
  for (const WorkerLoadSample& s : workers) h.workers.push_back(worker_health(s));
  if (const MetricResult* lag = summary.find("send_lag"); lag && lag->p99) h.send_lag_p99_ms = *lag->p99;
  judge_client_health(h);
  return h;
}

}  // namespace aiperf
