#include "sweep/latin_hypercube.h"

#include <cstddef>
#include <numeric>
#include <random>
#include <stdexcept>
#include <utility>

namespace aiperf {
namespace {

double uniform01(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1p-53; }

// Uniform in [0, bound) by rejection (no modulo bias, and no library distribution whose
// algorithm differs between standard libraries).
uint64_t uniform_below(std::mt19937_64& rng, uint64_t bound) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  for (;;) {
    uint64_t r = rng();
    if (r < limit) return r % bound;
  }
}

}  // namespace

std::vector<std::vector<double>> latin_hypercube(int samples, int dimensions, uint64_t seed, bool centered) {
  if (samples < 1 || dimensions < 1)
    throw std::invalid_argument("latin hypercube: samples and dimensions must be >= 1");
  std::mt19937_64 rng(seed);
  const size_t n = size_t(samples);
  std::vector<std::vector<double>> points(n, std::vector<double>(size_t(dimensions)));
  std::vector<size_t> stratum(n);
  for (size_t d = 0; d < size_t(dimensions); ++d) {
    std::iota(stratum.begin(), stratum.end(), size_t(0));
    for (size_t i = n - 1; i > 0; --i) std::swap(stratum[i], stratum[uniform_below(rng, i + 1)]);
    for (size_t i = 0; i < n; ++i) {
      double u = centered ? 0.5 : uniform01(rng);
      points[i][d] = (double(stratum[i]) + u) / double(n);
    }
  }
  return points;
}

}  // namespace aiperf
