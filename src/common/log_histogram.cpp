#include "common/log_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace aiperf {

int LogHistogram::bucket_of(int64_t ns) {
  if (ns < (int64_t(1) << kMinExponent)) return 0;
  const int exponent = std::min(63 - std::countl_zero(uint64_t(ns)), kMaxExponent);
  const int64_t clamped = std::min<int64_t>(ns, (int64_t(2) << kMaxExponent) - 1);
  const int sub = int((clamped >> (exponent - kSubBits)) & ((1 << kSubBits) - 1));
  return 1 + (exponent - kMinExponent) * (1 << kSubBits) + sub;
}

int64_t LogHistogram::bucket_upper_bound(int bucket) {
  if (bucket == 0) return (int64_t(1) << kMinExponent) - 1;
  const int exponent = kMinExponent + (bucket - 1) / (1 << kSubBits);
  const int sub = (bucket - 1) % (1 << kSubBits);
  const int64_t width = int64_t(1) << (exponent - kSubBits);
  return (int64_t(1) << exponent) + (sub + 1) * width - 1;
}

void LogHistogram::record(int64_t ns) {
  ns = std::max<int64_t>(ns, 0);
  ++buckets_[size_t(bucket_of(ns))];
  ++count_;
  max_ = std::max(max_, ns);
}

int64_t LogHistogram::quantile(double q) const {
  if (count_ == 0) return 0;
  const auto rank = std::max<int64_t>(1, int64_t(std::ceil(std::clamp(q, 0.0, 1.0) * double(count_))));
  int64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += buckets_[size_t(b)];
    if (seen >= rank) return std::min(bucket_upper_bound(b), max_);
  }
  return max_;
}

}  // namespace aiperf
