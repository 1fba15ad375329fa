#include "sweep/sobol_sequence.h"

#include <algorithm>
#include <bit>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>

namespace aiperf {
namespace {

constexpr int kBits = 32;

// Joe & Kuo (2008), new-joe-kuo-6.21201, dimensions 2..32: degree s of the primitive
// polynomial, its coefficients a (bits a_1..a_{s−1}), and the initial m_1..m_s.
struct DirectionSeed {
  int s;
  uint32_t a;
  uint32_t m[8];
};
constexpr DirectionSeed kJoeKuo[] = {
    {1, 0, {1}},
    {2, 1, {1, 3}},
    {3, 1, {1, 3, 1}},
    {3, 2, {1, 1, 1}},
    {4, 1, {1, 1, 3, 3}},
    {4, 4, {1, 3, 5, 13}},
    {5, 2, {1, 1, 5, 5, 17}},
    {5, 4, {1, 1, 5, 5, 5}},
    {5, 7, {1, 1, 7, 11, 19}},
    {5, 11, {1, 1, 5, 1, 1}},
    {5, 13, {1, 1, 1, 3, 11}},
    {5, 14, {1, 3, 5, 5, 31}},
    {6, 1, {1, 3, 3, 9, 7, 49}},
    {6, 13, {1, 1, 1, 15, 21, 21}},
    {6, 16, {1, 3, 1, 13, 27, 49}},
    {6, 19, {1, 1, 1, 15, 7, 5}},
    {6, 22, {1, 3, 1, 15, 13, 25}},
    {6, 25, {1, 1, 5, 5, 19, 61}},
    {7, 1, {1, 3, 7, 11, 23, 15, 103}},
    {7, 4, {1, 3, 7, 13, 13, 15, 69}},
    {7, 7, {1, 1, 3, 13, 7, 35, 63}},
    {7, 8, {1, 3, 5, 9, 1, 25, 53}},
    {7, 14, {1, 3, 1, 13, 9, 35, 107}},
    {7, 19, {1, 3, 1, 5, 27, 61, 31}},
    {7, 21, {1, 1, 5, 11, 19, 41, 61}},
    {7, 28, {1, 3, 5, 3, 3, 13, 69}},
    {7, 31, {1, 1, 7, 13, 1, 19, 1}},
    {7, 32, {1, 3, 7, 5, 13, 19, 59}},
    {7, 37, {1, 1, 3, 9, 25, 29, 41}},
    {7, 41, {1, 3, 5, 13, 23, 1, 55}},
    {7, 42, {1, 3, 7, 3, 13, 59, 17}},
};
static_assert(std::size(kJoeKuo) + 1 == SobolSequence::kMaxDimensions);

std::vector<uint32_t> direction_numbers(int dimension) {  // 0-based dimension
  std::vector<uint32_t> v(kBits);
  if (dimension == 0) {  // van der Corput: every m_k = 1
    for (int k = 0; k < kBits; ++k) v[k] = uint32_t(1) << (kBits - 1 - k);
    return v;
  }
  const DirectionSeed& seed = kJoeKuo[dimension - 1];
  const int s = seed.s;
  std::vector<uint32_t> m(kBits);
  for (int k = 0; k < s; ++k) m[k] = seed.m[k];
  // m_k = 2a_1 m_{k−1} ⊕ 2²a_2 m_{k−2} ⊕ … ⊕ 2^{s−1}a_{s−1} m_{k−s+1} ⊕ 2^s m_{k−s} ⊕ m_{k−s}
  for (int k = s; k < kBits; ++k) {
    uint32_t mk = (m[k - s] << s) ^ m[k - s];
    for (int i = 1; i < s; ++i) {
      if ((seed.a >> (s - 1 - i)) & 1) mk ^= m[k - i] << i;
    }
    m[k] = mk;
  }
  for (int k = 0; k < kBits; ++k) v[k] = m[k] << (kBits - 1 - k);
  return v;
}

}  // namespace

SobolSequence::SobolSequence(int dimensions, std::optional<uint64_t> scramble_seed) {
  if (dimensions < 1 || dimensions > kMaxDimensions) {
    throw std::invalid_argument("Sobol sequence: 1.." + std::to_string(kMaxDimensions) + " dimensions, not " +
                                std::to_string(dimensions));
  }
  for (int d = 0; d < dimensions; ++d) directions_.push_back(direction_numbers(d));
  state_.assign(size_t(dimensions), 0);
  shift_.assign(size_t(dimensions), 0);
  if (scramble_seed) {
    std::mt19937_64 rng(*scramble_seed);
    for (uint32_t& mask : shift_) mask = uint32_t(rng() >> 32);
  }
}

std::vector<double> SobolSequence::next() {
  const int c = std::countr_one(index_);  // lowest zero bit of n − 1
  if (c >= kBits) throw std::out_of_range("Sobol sequence: more than 2^32 − 1 points");
  ++index_;
  std::vector<double> point(state_.size());
  for (size_t d = 0; d < state_.size(); ++d) {
    state_[d] ^= directions_[d][size_t(c)];
    point[d] = double(state_[d] ^ shift_[d]) * 0x1p-32;
  }
  return point;
}

std::vector<std::vector<double>> sobol_samples(int samples, int dimensions, std::optional<uint64_t> scramble_seed) {
  SobolSequence sequence(dimensions, scramble_seed);
  std::vector<std::vector<double>> points;
  points.reserve(size_t(std::max(samples, 0)));
  for (int i = 0; i < samples; ++i) points.push_back(sequence.next());
  return points;
}

}  // namespace aiperf
