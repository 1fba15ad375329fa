#include "metrics/replay_lag.h"

#include <algorithm>
#include <cmath>

#include "metrics/statistics.h"

namespace aiperf {
namespace {

MetricResult single(const char* tag, const char* header, const char* unit, double value, bool integer) {
  MetricResult r;
  r.tag = tag;
  r.header = header;
  r.unit = unit;
  r.console = false;
  r.integer_samples = integer;
  r.avg = value;
  return r;
}

}  // namespace

std::vector<MetricResult> replay_lag_metrics(std::vector<double> send_lag_ns) {
  std::erase_if(send_lag_ns, [](double x) { return !std::isfinite(x); });
  if (send_lag_ns.empty()) return {};
  std::sort(send_lag_ns.begin(), send_lag_ns.end());
  const double base = send_lag_ns.front();
  for (double& x : send_lag_ns) x = (x - base) / 1e6;  // ms
  const double p50 = percentile_linear(send_lag_ns, 50);
  const double p90 = percentile_linear(send_lag_ns, 90);
  const double p99 = percentile_linear(send_lag_ns, 99);
  return {single("replay_sched_lag_p50", "Replay Schedule Lag p50", "ms", p50, false),
          single("replay_sched_lag_p90", "Replay Schedule Lag p90", "ms", p90, false),
          single("replay_sched_lag_p99", "Replay Schedule Lag p99", "ms", p99, false),
          single("replay_sched_degraded", "Replay Schedule Degraded", "", p99 > kReplayDegradedLagMs ? 1 : 0,
                 true)};
}

}  // namespace aiperf
