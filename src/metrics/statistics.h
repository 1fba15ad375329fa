#pragma once
// Summary statistics of one distribution, exactly as upstream computes them with NumPy
// (metrics-and-outputs.md §2.1): linear-interpolated percentiles, population std (ddof=0).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace aiperf {

inline constexpr std::array<double, 9> kPercentiles = {1, 5, 10, 25, 50, 75, 90, 95, 99};

// The ranks numpy's linear method reads for percentile q of n samples, and the weight of the
// upper one.
struct LinearRanks {
  size_t lo, hi;
  double t;
};
inline LinearRanks linear_ranks(size_t n, double q) {
  const double h = q / 100.0 * double(n - 1);
  const size_t lo = size_t(std::floor(h));
  return {lo, std::min(lo + 1, n - 1), h - double(lo)};
}
// NumPy's _lerp between the samples at those ranks: from the nearer end, so p100 is exactly max.
inline double lerp_linear(double a, double b, double t) {
  const double d = b - a;
  return t >= 0.5 ? b - d * (1.0 - t) : a + d * t;
}

struct DistributionStats {
  int64_t count = 0;
  double sum = 0, avg = 0, min = 0, max = 0, std = 0;
  std::array<double, kPercentiles.size()> p{};  // p[i] is percentile kPercentiles[i]
};

// numpy.percentile(x, q, method="linear") of an ascending, non-empty sample.
double percentile_linear(std::span<const double> sorted, double q);

// numpy.percentile(x, q, method="nearest") of an ascending, non-empty sample: the element at
// index round((n - 1) q / 100), halves to even.
double percentile_nearest(std::span<const double> sorted, double q);

// sqrt(mean((x - mean)^2)); 0 for a single sample.
double population_std(std::span<const double> x, double mean);

// Non-finite samples are dropped first; no finite sample => nullopt (the metric is absent).
std::optional<DistributionStats> describe(const std::vector<double>& samples);

// The same from samples already finite and ascending (SampleSorter): sum and std are
// summed in that order, so the result does not depend on the order samples arrived in.
std::optional<DistributionStats> describe_sorted(std::span<const double> sorted);
class SortedSamples;  // metrics/sorted_samples.h
std::optional<DistributionStats> describe_sorted(const SortedSamples& sorted);

// The same arithmetic over any ascending view of finite samples: size(), empty(),
// for_each(f) in ascending order, values_at(ranks, out) (SortedSamples in memory,
// MergedSamples from spilled runs), so both give the same bits.
template <class Ascending>
std::optional<DistributionStats> describe_ascending(const Ascending& samples) {
  if (samples.empty()) return std::nullopt;
  DistributionStats s;
  const size_t n = samples.size();
  s.count = int64_t(n);
  samples.for_each([&](double v) { s.sum += v; });
  s.avg = s.sum / double(n);
  // Ranks read: min, max, then each percentile's two neighbours (numpy's linear method).
  constexpr size_t kRanks = 2 + 2 * kPercentiles.size();
  std::array<size_t, kRanks> ranks{0, n - 1};
  std::array<double, kPercentiles.size()> weight{};
  for (size_t i = 0; i < kPercentiles.size(); ++i) {
    const LinearRanks r = linear_ranks(n, kPercentiles[i]);
    ranks[2 + 2 * i] = r.lo;
    ranks[3 + 2 * i] = r.hi;
    weight[i] = r.t;
  }
  std::array<double, kRanks> at{};
  samples.values_at(ranks, at);
  s.min = at[0];
  s.max = at[1];
  if (n >= 2) {
    double ss = 0;
    samples.for_each([&](double v) { ss += (v - s.avg) * (v - s.avg); });
    s.std = std::sqrt(ss / double(n));
  }
  for (size_t i = 0; i < kPercentiles.size(); ++i) s.p[i] = lerp_linear(at[2 + 2 * i], at[3 + 2 * i], weight[i]);
  return s;
}

}  // namespace aiperf
