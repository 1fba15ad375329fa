#include "dataset/length_sampler.h"

#include <algorithm>
#include <cmath>

namespace aiperf {

int64_t round_half_even(double x) { return int64_t(std::nearbyint(x)); }  // FE_TONEAREST

int64_t sample_positive_normal_integer(double mean, double stddev, std::mt19937_64& rng) {
  int64_t clamped_mean = std::max<int64_t>(1, round_half_even(mean));
  if (stddev <= 0) return clamped_mean;
  std::normal_distribution<double> normal(mean, stddev);
  for (int attempt = 0; attempt < 10'000; ++attempt) {
    double sample = normal(rng);
    if (sample >= 0) return std::max<int64_t>(1, int64_t(std::ceil(sample)));
  }
  return clamped_mean;
}

int64_t sample_length_in_range(int64_t mean, double ratio, std::mt19937_64& rng) {
  const auto low = std::max<int64_t>(1, int64_t(std::floor(double(mean) * (1 - ratio))));
  const auto high = std::max(low, int64_t(std::ceil(double(mean) * (1 + ratio))));
  return std::uniform_int_distribution<int64_t>(low, high)(rng);
}

}  // namespace aiperf
