#pragma once
// Duration-weighted quantiles of a step function without sorting it (the sweep-line curves,
// metrics-and-outputs.md §2.5). Given the values' range, two streaming passes over the
// (value, duration) pairs, in any order: the first fills a 4096-bucket histogram over the
// range (on the values' order-preserving bit patterns) and so finds the bucket each quantile
// falls in; the second keeps only the pairs in those buckets, narrowed 8 bits at a time.
//
// A quantile q is the first value, ascending, at which the cumulative duration reaches q of
// the total -- exactly what a walk over the value-sorted pairs finds, because durations are
// whole nanoseconds and so every partial sum is exact whatever the grouping.
#include <cstdint>
#include <span>
#include <vector>

#include "metrics/sorted_samples.h"
#include "metrics/sweep_line.h"

namespace aiperf {

class WeightedQuantiles {
 public:
  // `qs` ascending, each in (0, 1].
  explicit WeightedQuantiles(std::span<const double> qs);

  // Before pass one: the smallest value, the smallest above it (= max when there is none)
  // and the largest.
  void set_range(double min, double above_min, double max);
  // Pass one: every pair (finite value in the range, duration > 0).
  void count(double value, double duration) {
    if (value == min_) {
      at_min_ += duration;  // often a heavy atom (idle steps' 0): never gathered
    } else {
      top_[bucket_of(value)] += duration;
    }
  }
  // Between the passes; `total` = the sum of every duration.
  void locate(double total);
  // Pass two: the same pairs again.
  void gather(double value, double duration) {
    if (value == min_) return;  // the atom: below every bucket
    const uint32_t b = bucket_of(value);
    if ((wanted_[b >> 6] >> (b & 63)) & 1) gather_slow(b, value, duration);
  }
  // After pass two: out[i] is quantile qs[i].
  void results(std::span<double> out);

 private:
  uint32_t bucket_of(double value) const { return uint32_t((ordered_bits(value) - lowest_key_) >> shift_); }
  void gather_slow(uint32_t bucket, double value, double duration);

  std::vector<double> qs_;
  static constexpr int kBucketBits = 12;  // 32 KiB of sums: stays in the L1/L2 cache
  std::vector<double> top_;       // duration per bucket
  std::vector<uint32_t> bucket_;  // per quantile: its bucket
  std::vector<double> before_;    // per quantile: the duration of every smaller bucket
  std::vector<std::vector<Segment>> members_;  // per distinct bucket (first quantile in it)
  std::vector<uint64_t> wanted_;  // bitmap: the buckets some quantile fell in
  double total_ = 0;
  double min_ = 0, at_min_ = 0;  // the smallest value and its duration, kept out of top_
  static constexpr uint32_t kAtMin = ~uint32_t(0);  // bucket_ of a quantile that is min_
  uint64_t lowest_key_ = 0;
  int shift_ = 48;
};

// Both passes over `segments` (durations > 0, finite values) at once.
void weighted_quantiles(std::span<const Segment> segments, double total, std::span<const double> qs,
                        std::span<double> out);

}  // namespace aiperf
