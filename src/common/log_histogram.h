#pragma once
// A fixed-size histogram of non-negative durations (ns) with 16 buckets per power of two, so
// any quantile it reports is within 1/16 (6.25 %) above the true sample. Recording is a few
// integer operations and never allocates: it can sit on a worker's event loop.
#include <array>
#include <cstdint>

namespace aiperf {

class LogHistogram {
 public:
  void record(int64_t ns);
  void clear() { *this = LogHistogram(); }

  int64_t count() const { return count_; }
  int64_t max() const { return max_; }  // exact; 0 when empty
  // The upper bound of the bucket holding the sample of rank ceil(q·count) (q in [0, 1]),
  // never above max(). 0 when empty.
  int64_t quantile(double q) const;

 private:
  static constexpr int kSubBits = 4;                 // 16 buckets per octave
  static constexpr int kMinExponent = 10;            // everything below 1024 ns shares bucket 0
  static constexpr int kMaxExponent = 42;            // ~73 minutes; longer values are clamped
  static constexpr int kBuckets = 1 + (kMaxExponent - kMinExponent + 1) * (1 << kSubBits);

  static int bucket_of(int64_t ns);
  static int64_t bucket_upper_bound(int bucket);

  std::array<uint32_t, kBuckets> buckets_{};
  int64_t count_ = 0;
  int64_t max_ = 0;
};

}  // namespace aiperf
