#pragma once
// Random samples of the shapes the statistics code treats differently (sorted_samples_test.cpp,
// spilled_statistics_test.cpp): whole nanoseconds, small integers (counted, not sorted), ties,
// reals, signed reals, a wide exponent range, and non-finite values mixed in.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace aiperf::testing {

enum class Shape { whole_ns, small_ints, ties, reals, signed_reals, wide, with_non_finite };

inline std::vector<double> sample(std::mt19937_64& rng, size_t n, Shape shape) {
  std::vector<double> x(n);
  for (double& v : x) {
    switch (shape) {
      case Shape::whole_ns: v = double(200000 + rng() % 100000); break;
      case Shape::small_ints: v = double(1000 + rng() % 300); break;  // counted, not sorted
      case Shape::ties: v = double(rng() % 7) * 0.25; break;
      case Shape::reals: v = std::uniform_real_distribution<double>(1e3, 1e6)(rng); break;
      case Shape::signed_reals: v = std::uniform_real_distribution<double>(-50, 50)(rng); break;
      case Shape::wide: v = std::ldexp(1.0 + double(rng() % 1000), int(rng() % 80) - 40); break;
      case Shape::with_non_finite: {
        const uint64_t r = rng() % 10;
        // No +0.0: std::sort (n < 256) may put it either side of -0.0.
        v = r == 0 ? std::nan("") : r == 1 ? std::numeric_limits<double>::infinity() : r == 2 ? -0.0 : double(1 + rng() % 50);
        break;
      }
    }
  }
  return x;
}

}  // namespace aiperf::testing
