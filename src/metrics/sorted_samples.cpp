#include "metrics/sorted_samples.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace aiperf {
namespace {

constexpr size_t kSmall = 256;  // below this, comparisons beat the radix passes
constexpr int kDigitBits = 11;
constexpr size_t kBuckets = size_t(1) << kDigitBits;
constexpr int kMaxDigits = (64 + kDigitBits - 1) / kDigitBits;

}  // namespace

template <class ForEachChunk>
std::span<const double> SampleSorter::sort(size_t size, ForEachChunk&& for_each_chunk) {
  out_.clear();
  if (size < kSmall) {
    for_each_chunk([&](std::span<const double> c) {
      for (double v : c)
        if (std::isfinite(v)) out_.push_back(v);
    });
    std::sort(out_.begin(), out_.end());
    return out_;
  }
  keys_.clear();
  keys_.reserve(size);
  uint64_t lo = ~uint64_t(0), hi = 0, varying = 0, first = 0;
  for_each_chunk([&](std::span<const double> c) {
    for (double v : c) {
      if (!std::isfinite(v)) continue;
      const uint64_t k = ordered_bits(v);
      if (keys_.empty()) first = k;
      keys_.push_back(k);
      lo = std::min(lo, k);
      hi = std::max(hi, k);
      varying |= k ^ first;
    }
  });
  if (keys_.empty() || lo == hi) {
    out_.assign(keys_.size(), keys_.empty() ? 0.0 : from_ordered_bits(lo));
    return out_;
  }
  // Keys relative to the smallest. Only digits between the lowest bit where keys differ
  // and the highest bit of the range can move anything: whole-number samples (latencies in
  // ns, token counts) share many low bits, and one run's values span few octaves.
  const int low_digit = std::countr_zero(varying) / kDigitBits;
  const int high_digit = int(std::bit_width(hi - lo) - 1) / kDigitBits;
  std::array<std::array<uint32_t, kBuckets>, kMaxDigits> counts{};
  for (uint64_t& k : keys_) {
    k -= lo;
    for (int d = low_digit; d <= high_digit; ++d) ++counts[size_t(d)][(k >> (d * kDigitBits)) & (kBuckets - 1)];
  }
  std::vector<int> moving;  // digits that are not the same in every key
  for (int d = low_digit; d <= high_digit; ++d) {
    auto& c = counts[size_t(d)];
    if (std::find(c.begin(), c.end(), uint32_t(keys_.size())) != c.end()) continue;
    uint32_t offset = 0;
    for (uint32_t& n : c) offset += std::exchange(n, offset);
    moving.push_back(d);
  }
  out_.resize(keys_.size());
  if (moving.size() > 1) scratch_.resize(keys_.size());
  for (size_t m = 0; m < moving.size(); ++m) {
    auto& c = counts[size_t(moving[m])];
    const int shift = moving[m] * kDigitBits;
    if (m + 1 == moving.size()) {  // the last pass writes the doubles themselves
      for (uint64_t k : keys_) out_[c[(k >> shift) & (kBuckets - 1)]++] = from_ordered_bits(k + lo);
    } else {
      for (uint64_t k : keys_) scratch_[c[(k >> shift) & (kBuckets - 1)]++] = k;
      keys_.swap(scratch_);
    }
  }
  return out_;
}

std::span<const double> SampleSorter::sorted_finite(const SampleColumn& samples) {
  return sort(samples.size(), [&](auto&& f) { samples.for_each_chunk(f); });
}

std::span<const double> SampleSorter::sorted_finite(std::span<const double> samples) {
  return sort(samples.size(), [&](auto&& f) { f(samples); });
}

}  // namespace aiperf
