#pragma once
// Summary statistics of one distribution, exactly as upstream computes them with NumPy
// (metrics-and-outputs.md §2.1): linear-interpolated percentiles, population std (ddof=0).
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace aiperf {

inline constexpr std::array<double, 9> kPercentiles = {1, 5, 10, 25, 50, 75, 90, 95, 99};

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

}  // namespace aiperf
