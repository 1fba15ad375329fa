#pragma once
// Fixed-schedule replay lag (metrics-and-outputs.md §1.8): how far behind its trace the
// client sent, as run-level values. The per-record offset is send_lag (start − scheduled);
// its minimum is taken as the baseline, so a constant offset does not count as lag.
#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
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
  constexpr double kQ[] = {50, 90, 99};
  const size_t n = sorted.size();
  constexpr size_t kRanks = 1 + 2 * std::size(kQ);  // min, then each percentile's neighbours
  std::array<size_t, kRanks> ranks{0};
  std::array<double, std::size(kQ)> weight{};
  for (size_t i = 0; i < std::size(kQ); ++i) {  // percentile_linear()'s ranks
    const LinearRanks r = linear_ranks(n, kQ[i]);
    ranks[1 + 2 * i] = r.lo;
    ranks[2 + 2 * i] = r.hi;
    weight[i] = r.t;
  }
  std::array<double, kRanks> at{};
  sorted.values_at(ranks, at);
  const double base = at[0];
  std::array<double, std::size(kQ)> p{};
  for (size_t i = 0; i < std::size(kQ); ++i)
    p[i] = lerp_linear((at[1 + 2 * i] - base) / 1e6, (at[2 + 2 * i] - base) / 1e6, weight[i]);  // ms
  return replay_lag_results(p[0], p[1], p[2]);
}

}  // namespace aiperf
