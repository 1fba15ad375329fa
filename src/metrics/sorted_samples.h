#pragma once
// An ascending copy of a metric's finite samples, for the statistics at summarize().
// Sums and std are taken over the samples in ascending order (that order fixes their
// rounding), so a full sort is needed, not just a selection: an LSD radix sort on the
// doubles' bit patterns does it in a few linear passes instead of n log n comparisons.
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "metrics/sample_column.h"

namespace aiperf {

// Order-preserving map of a finite double's bits onto unsigned integers (negatives are
// flipped whole, positives get the sign bit set): a < b  <=>  ordered_bits(a) < ordered_bits(b),
// except that -0.0 sorts just below +0.0.
inline uint64_t ordered_bits(double v) {
  const uint64_t b = std::bit_cast<uint64_t>(v);
  return (b >> 63) ? ~b : b | (uint64_t(1) << 63);
}

inline double from_ordered_bits(uint64_t k) {
  return std::bit_cast<double>((k >> 63) ? k & ~(uint64_t(1) << 63) : ~k);
}

// Sorts one metric after another, reusing its buffers (a run's largest column, the
// inter-chunk latencies, is several times the record count: allocating and faulting in
// fresh buffers per metric cost more than the sort).
class SampleSorter {
 public:
  // The finite samples, ascending; valid until the next call. Equal values are
  // indistinguishable, so this is the sequence std::sort gives (-0.0 before +0.0).
  std::span<const double> sorted_finite(const SampleColumn& samples);
  std::span<const double> sorted_finite(std::span<const double> samples);

 private:
  template <class ForEach>
  std::span<const double> sort(size_t size, ForEach&& for_each);

  std::vector<double> out_;
  std::vector<uint64_t> keys_, scratch_;
  std::vector<uint32_t> counts_;
};

}  // namespace aiperf
