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

// For each q: the samples at linear_ranks() and the upper one's weight, read from an ascending
// view (values_at(), one pass however the samples are kept). q = 0 and q = 100 give the min and
// max as lo.
template <size_t N>
struct LinearPoints {
  std::array<double, N> lo{}, hi{}, t{};
};
template <class Ascending, size_t N>
LinearPoints<N> linear_points(const Ascending& sorted, const std::array<double, N>& qs) {
  std::array<size_t, 2 * N> ranks{};
  LinearPoints<N> out;
  for (size_t i = 0; i < N; ++i) {
    const LinearRanks r = linear_ranks(sorted.size(), qs[i]);
    ranks[2 * i] = r.lo;
    ranks[2 * i + 1] = r.hi;
    out.t[i] = r.t;
  }
  std::array<double, 2 * N> at{};
  sorted.values_at(ranks, at);
  for (size_t i = 0; i < N; ++i) out.lo[i] = at[2 * i], out.hi[i] = at[2 * i + 1];
  return out;
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
  // min (q 0), every percentile, max (q 100): one values_at() pass.
  constexpr std::array<double, 2 + kPercentiles.size()> kQs = {0, 1, 5, 10, 25, 50, 75, 90, 95, 99, 100};
  static_assert(kQs[1] == kPercentiles.front() && kQs[kQs.size() - 2] == kPercentiles.back());
  const LinearPoints<kQs.size()> at = linear_points(samples, kQs);
  s.min = at.lo.front();
  s.max = at.lo.back();
  if (n >= 2) {
    double ss = 0;
    samples.for_each([&](double v) { ss += (v - s.avg) * (v - s.avg); });
    s.std = std::sqrt(ss / double(n));
  }
  for (size_t i = 0; i < kPercentiles.size(); ++i) s.p[i] = lerp_linear(at.lo[i + 1], at.hi[i + 1], at.t[i + 1]);
  return s;
}

}  // namespace aiperf
