#include "metrics/statistics.h"

#include <algorithm>
#include <cmath>

#include "metrics/sorted_samples.h"

namespace aiperf {

double percentile_linear(std::span<const double> sorted, double q) {
  const LinearRanks r = linear_ranks(sorted.size(), q);
  return lerp_linear(sorted[r.lo], sorted[r.hi], r.t);
}

double percentile_nearest(std::span<const double> sorted, double q) {
  const double h = q / 100.0 * double(sorted.size() - 1);
  return sorted[size_t(std::nearbyint(h))];  // default rounding: to nearest, ties to even
}

double population_std(std::span<const double> x, double mean) {
  if (x.size() < 2) return 0.0;
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  return std::sqrt(ss / double(x.size()));
}

std::optional<DistributionStats> describe(const std::vector<double>& samples) {
  SampleSorter sorter;
  return describe_sorted(sorter.sorted_finite(samples));
}

std::optional<DistributionStats> describe_sorted(std::span<const double> samples) {
  return describe_sorted(SortedSamples(samples));
}

// Same arithmetic, in the same order, as percentile_linear() and population_std().
std::optional<DistributionStats> describe_sorted(const SortedSamples& samples) {
  return describe_ascending(samples);
}

}  // namespace aiperf
