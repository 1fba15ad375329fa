#include "metrics/statistics.h"

#include <algorithm>
#include <cmath>

#include "metrics/sorted_samples.h"

namespace aiperf {

double percentile_linear(std::span<const double> sorted, double q) {
  const size_t n = sorted.size();
  const double h = q / 100.0 * double(n - 1);
  const size_t lo = size_t(std::floor(h));
  const size_t hi = std::min(lo + 1, n - 1);
  const double t = h - double(lo);
  const double a = sorted[lo], b = sorted[hi];
  // NumPy's _lerp: interpolate from the nearer end so p100 is exactly max.
  const double d = b - a;
  return t >= 0.5 ? b - d * (1.0 - t) : a + d * t;
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
  if (samples.empty()) return std::nullopt;

  DistributionStats s;
  const size_t n = samples.size();
  s.count = int64_t(n);
  samples.for_each([&](double v) { s.sum += v; });
  s.avg = s.sum / double(n);
  s.min = samples.front();
  s.max = samples.back();
  if (n >= 2) {
    double ss = 0;
    samples.for_each([&](double v) { ss += (v - s.avg) * (v - s.avg); });
    s.std = std::sqrt(ss / double(n));
  }
  for (size_t i = 0; i < kPercentiles.size(); ++i) {
    const double h = kPercentiles[i] / 100.0 * double(n - 1);
    const size_t lo = size_t(std::floor(h));
    const size_t hi = std::min(lo + 1, n - 1);
    const double t = h - double(lo);
    const double a = samples[lo], b = samples[hi];
    const double d = b - a;
    s.p[i] = t >= 0.5 ? b - d * (1.0 - t) : a + d * t;
  }
  return s;
}

}  // namespace aiperf
