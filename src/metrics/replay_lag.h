#pragma once
// Fixed-schedule replay lag (metrics-and-outputs.md §1.8): how far behind its trace the
// client sent, as run-level values. The per-record offset is send_lag (start − scheduled);
// its minimum is taken as the baseline, so a constant offset does not count as lag.
#include <array>
#include <vector>

#include "metrics/metric_result.h"
#include "metrics/statistics.h"

namespace aiperf {

// The four results from the lag percentiles, ms.
std::vector<MetricResult> replay_lag_results(double p50_ms, double p90_ms, double p99_ms);

// Replays whose p99 lag exceeds this are degraded (upstream's 500 ms).
inline constexpr double kReplayDegradedLagMs = 500.0;

// replay_sched_lag_p50/p90/p99 (ms) and replay_sched_degraded (1 or 0); empty when no record
// has a send lag. Hidden from the console tables, like upstream's.
std::vector<MetricResult> replay_lag_metrics(std::vector<double> send_lag_ns);

// The same from the finite send lags' ascending view (SortedSamples, MergedSamples:
// size(), empty(), values_at()).
template <class Ascending>
std::vector<MetricResult> replay_lag_metrics_sorted(const Ascending& sorted) {
  if (sorted.empty()) return {};
  constexpr std::array<double, 4> kQs = {0, 50, 90, 99};  // the minimum, then p50 p90 p99
  const LinearPoints<kQs.size()> at = linear_points(sorted, kQs);
  const double base = at.lo[0];
  std::array<double, 3> p{};
  for (size_t i = 0; i < p.size(); ++i)
    p[i] = lerp_linear((at.lo[i + 1] - base) / 1e6, (at.hi[i + 1] - base) / 1e6, at.t[i + 1]);  // ms
  return replay_lag_results(p[0], p[1], p[2]);
}

}  // namespace aiperf
