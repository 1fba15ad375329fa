#pragma once
// An ascending copy of a metric's finite samples, for the statistics at summarize().
// Sums and std are taken over the samples in ascending order (that order fixes their
// rounding), so a full sort is needed, not just a selection: an LSD radix sort on the
// doubles' bit patterns does it in a few linear passes instead of n log n comparisons.
#include <algorithm>
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

// A metric's finite samples, ascending: the sorted doubles themselves, or, for whole numbers
// over a narrow range, how many samples hold each value from `lo` up (writing out millions of
// repeated doubles, the inter-chunk latencies, cost more than the statistics on them).
// Either way the same sequence: rank i is the i-th smallest sample.
class SortedSamples {
 public:
  SortedSamples(std::span<const double> values) : values_(values), size_(values.size()) {}
  // counts[i] samples equal lo + i; ends[i] = counts[0] + ... + counts[i].
  SortedSamples(uint32_t lo, std::span<const uint32_t> counts, std::span<const uint64_t> ends)
      : counts_(counts), ends_(ends), lo_(lo), size_(ends.empty() ? 0 : size_t(ends.back())) {}

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double operator[](size_t rank) const {
    if (ends_.empty()) return values_[rank];
    const size_t i = size_t(std::upper_bound(ends_.begin(), ends_.end(), uint64_t(rank)) - ends_.begin());
    return double(uint64_t(lo_) + i);
  }
  // out[i] = the sample of rank ranks[i] (the interface MergedSamples shares).
  void values_at(std::span<const size_t> ranks, std::span<double> out) const {
    for (size_t i = 0; i < ranks.size(); ++i) out[i] = (*this)[ranks[i]];
  }
  double front() const { return (*this)[0]; }
  double back() const { return (*this)[size_ - 1]; }
  // Calls f(double) for every sample, ascending.
  template <class F>
  void for_each(F&& f) const {
    if (ends_.empty()) {
      for (double v : values_) f(v);
      return;
    }
    for (size_t i = 0; i < counts_.size(); ++i) {
      const double v = double(uint64_t(lo_) + i);
      for (uint32_t c = counts_[i]; c > 0; --c) f(v);
    }
  }

 private:
  std::span<const double> values_;
  std::span<const uint32_t> counts_;
  std::span<const uint64_t> ends_;
  uint32_t lo_ = 0;
  size_t size_ = 0;
};

// Sorts one metric after another, reusing its buffers (a run's largest column, the
// inter-chunk latencies, is several times the record count: allocating and faulting in
// fresh buffers per metric cost more than the sort).
class SampleSorter {
 public:
  // The finite samples, ascending; valid until the next call. Equal values are
  // indistinguishable, so this is the sequence std::sort gives (-0.0 before +0.0).
  std::span<const double> sorted_finite(const SampleColumn& samples);
  // The same samples, counted rather than written out where sorted_finite() would count them.
  SortedSamples sorted_or_counted(const SampleColumn& samples);
  std::span<const double> sorted_finite(std::span<const double> samples);

 private:
  template <class ForEach>
  std::span<const double> sort(size_t size, ForEach&& for_each);

  std::vector<double> out_;
  std::vector<uint64_t> keys_, scratch_;
  std::vector<uint32_t> counts_;
  std::vector<uint64_t> ends_;
};

}  // namespace aiperf
