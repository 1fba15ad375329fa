#pragma once
// Per-series statistics over the profiling window (metrics-and-outputs.md §9.2): gauges get the
// distribution of their samples, counters the increase and its rate, histograms the increase of
// count, sum and each bucket, with percentiles estimated from the bucket increases.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "metrics/statistics.h"
#include "telemetry/metric_series.h"

namespace aiperf {

struct ScrapeWindow {
  int64_t start_ns = 0;  // monotonic: profiling started
  int64_t end_ns = 0;    // monotonic: the last sample that counts (the final scrape)
  double seconds = 0;    // profiling duration: the denominator of every rate
};


struct CounterStats {
  double total = 0;  // last - reference, resets added back
  double rate = 0;   // total / window seconds
  int resets = 0;    // times the counter went down (a server restart)
};

struct HistogramStats {
  double count = 0, sum = 0, avg = 0, count_rate = 0, sum_rate = 0;
  std::vector<std::pair<int, double>> estimates;  // (50, p50_estimate) ...; absent when count is 0
  std::vector<std::pair<double, double>> buckets;  // (upper bound, increase in that bucket alone)
  int resets = 0;
};

// nullopt: the series has no sample that counts.
// Gauges: the distribution of their samples (sample std, ddof = 1).
std::optional<DistributionStats> gauge_stats(const MetricSeries& s, const ScrapeWindow& w);
std::optional<CounterStats> counter_stats(const MetricSeries& s, const ScrapeWindow& w);
std::optional<HistogramStats> histogram_stats(const MetricSeries& s, const ScrapeWindow& w);

// Quantile q (0..1) of a histogram from per-bucket counts: linear inside the bucket that holds
// it (lower edge: the previous bound, 0 for the first bucket when its bound is positive); in the
// +Inf bucket, the last finite bound (docs/telemetry.md says why). nullopt when empty.
std::optional<double> histogram_quantile(const std::vector<std::pair<double, double>>& buckets, double q);

}  // namespace aiperf
