#pragma once
// The Sobol low-discrepancy sequence in [0, 1)^d (Bratley–Fox gray-code construction) with
// Joe & Kuo's direction numbers ("new-joe-kuo-6.21201", the published table), up to 32
// dimensions. Used for the bayesian planner's initial points and candidate sets and for the
// YAML `sweep: {type: sobol}` samples.
//
// Point n (n = 1, 2, ...) is x_n = x_{n−1} XOR v_c, with c the index of the lowest zero bit of
// n − 1 and v_c the direction numbers, as 32-bit binary fractions. The sequence starts at n = 1:
// the all-zero point x_0 (a corner of the cube) is skipped, so dimension 1 reads 0.5, 0.75,
// 0.25, 0.375, 0.875, ... and dimension 2 reads 0.5, 0.25, 0.75, 0.375, 0.875, ...
//
// Scrambling (optional, by seed): a random digital shift — every coordinate's 32 bits are
// XORed with a per-dimension random mask drawn from std::mt19937_64(seed). A digital shift
// keeps the net structure (every 2^k consecutive points still fill the elementary intervals)
// while making different seeds give different, equally uniform point sets.
#include <cstdint>
#include <optional>
#include <vector>

namespace aiperf {

class SobolSequence {
 public:
  static constexpr int kMaxDimensions = 32;

  // 1 ≤ dimensions ≤ kMaxDimensions, else std::invalid_argument.
  explicit SobolSequence(int dimensions, std::optional<uint64_t> scramble_seed = std::nullopt);

  std::vector<double> next();
  int dimensions() const { return int(directions_.size()); }

 private:
  std::vector<std::vector<uint32_t>> directions_;  // [dimension][bit] as 32-bit fractions
  std::vector<uint32_t> state_;                    // x_{n−1}, unshifted
  std::vector<uint32_t> shift_;                    // digital shift (zeros when unscrambled)
  uint64_t index_ = 0;                             // n − 1
};

// The first `samples` points of a (optionally scrambled) Sobol sequence: the YAML
// `sweep: {type: sobol, samples}` design in the unit cube (map with from_unit_cube).
std::vector<std::vector<double>> sobol_samples(int samples, int dimensions,
                                               std::optional<uint64_t> scramble_seed = std::nullopt);

}  // namespace aiperf
