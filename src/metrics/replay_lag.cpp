#include "metrics/replay_lag.h"

#include <algorithm>
#include <cmath>

#include "metrics/sorted_samples.h"
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

std::vector<MetricResult> replay_lag_results(double p50, double p90, double p99) {
  return {single("replay_sched_lag_p50", "Replay Schedule Lag p50", "ms", p50, false),
          single("replay_sched_lag_p90", "Replay Schedule Lag p90", "ms", p90, false),
          single("replay_sched_lag_p99", "Replay Schedule Lag p99", "ms", p99, false),
          single("replay_sched_degraded", "Replay Schedule Degraded", "", p99 > kReplayDegradedLagMs ? 1 : 0,
                 true)};
}

std::vector<MetricResult> replay_lag_metrics(std::vector<double> send_lag_ns) {
  std::erase_if(send_lag_ns, [](double x) { return !std::isfinite(x); });
  std::sort(send_lag_ns.begin(), send_lag_ns.end());
  return replay_lag_metrics_sorted(SortedSamples(send_lag_ns));
}

}  // namespace aiperf
