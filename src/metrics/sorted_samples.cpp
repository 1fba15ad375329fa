#include "metrics/sorted_samples.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace aiperf {
namespace {

constexpr size_t kSmall = 256;  // below this, comparisons beat the radix passes
constexpr int kMaxDigitBits = 14;  // 16384 counters per digit: 64 KiB, cache-resident

}  // namespace

template <class ForEach>
std::span<const double> SampleSorter::sort(size_t size, ForEach&& for_each) {
  out_.clear();
  if (size < kSmall) {
    for_each([&](double v) {
      if (std::isfinite(v)) out_.push_back(v);
    });
    std::sort(out_.begin(), out_.end());
    return out_;
  }
  keys_.clear();
  keys_.reserve(size);
  uint64_t lo = ~uint64_t(0), hi = 0, varying = 0, first = 0;
  for_each([&](double v) {
    if (!std::isfinite(v)) return;
    const uint64_t k = ordered_bits(v);
    if (keys_.empty()) first = k;
    keys_.push_back(k);
    lo = std::min(lo, k);
    hi = std::max(hi, k);
    varying |= k ^ first;
  });
  if (keys_.empty() || lo == hi) {
    out_.assign(keys_.size(), keys_.empty() ? 0.0 : from_ordered_bits(lo));
    return out_;
  }
  // Keys relative to the smallest, from the lowest bit where two keys differ up to the top
  // of the range: whole-number samples (latencies in ns, token counts) share many low bits
  // and one run's values span few octaves, so this is often one or two digits wide.
  const int low = std::countr_zero(varying);
  const int bits = int(std::bit_width((hi - lo) >> low));
  const int passes = (bits + kMaxDigitBits - 1) / kMaxDigitBits;
  const int width = (bits + passes - 1) / passes;
  const uint64_t mask = (uint64_t(1) << width) - 1;
  counts_.assign(size_t(passes) << width, 0);
  for (uint64_t& k : keys_) {
    k = (k - lo) >> low;
    for (int p = 0; p < passes; ++p) ++counts_[(size_t(p) << width) + ((k >> (p * width)) & mask)];
  }
  std::vector<int> moving;  // digits that are not the same in every key
  for (int p = 0; p < passes; ++p) {
    const auto c = std::span(counts_).subspan(size_t(p) << width, size_t(1) << width);
    if (std::find(c.begin(), c.end(), uint32_t(keys_.size())) != c.end()) continue;
    uint32_t offset = 0;
    for (uint32_t& n : c) offset += std::exchange(n, offset);
    moving.push_back(p);
  }
  out_.resize(keys_.size());
  if (moving.size() > 1) scratch_.resize(keys_.size());
  for (size_t m = 0; m < moving.size(); ++m) {
    uint32_t* c = counts_.data() + (size_t(moving[m]) << width);
    const int shift = moving[m] * width;
    if (m + 1 == moving.size()) {  // the last pass writes the doubles themselves
      for (uint64_t k : keys_) out_[c[(k >> shift) & mask]++] = from_ordered_bits((k << low) + lo);
    } else {
      for (uint64_t k : keys_) scratch_[c[(k >> shift) & mask]++] = k;
      keys_.swap(scratch_);
    }
  }
  return out_;
}

SortedSamples SampleSorter::sorted_or_counted(const SampleColumn& samples) {
  // Whole numbers over a range not much wider than their count (token counts, a run's
  // inter-chunk gaps in ns): counting each value beats any comparison or radix pass.
  if (samples.size() >= kSmall && samples.whole_numbers()) {
    uint32_t lo = ~uint32_t(0), hi = 0;
    samples.for_each_whole([&](uint32_t v) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    });
    const size_t range = size_t(hi - lo) + 1;
    if (range <= std::max<size_t>(samples.size(), size_t(1) << 16)) {
      counts_.assign(range, 0);
      samples.for_each_whole([&](uint32_t v) { ++counts_[v - lo]; });
      ends_.resize(range);
      uint64_t total = 0;
      for (size_t i = 0; i < range; ++i) ends_[i] = total += counts_[i];
      return SortedSamples(lo, counts_, ends_);
    }
  }
  return sort(samples.size(), [&](auto&& f) { samples.for_each(f); });
}

std::span<const double> SampleSorter::sorted_finite(const SampleColumn& samples) {
  // Counted as in sorted_or_counted(), then the runs written out in order.
  if (samples.size() >= kSmall && samples.whole_numbers()) {
    uint32_t lo = ~uint32_t(0), hi = 0;
    samples.for_each_whole([&](uint32_t v) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    });
    const size_t range = size_t(hi - lo) + 1;
    if (range <= std::max<size_t>(samples.size(), size_t(1) << 16)) {
      counts_.assign(range, 0);
      samples.for_each_whole([&](uint32_t v) { ++counts_[v - lo]; });
      out_.resize(samples.size());
      double* at = out_.data();
      for (size_t i = 0; i < range; ++i) at = std::fill_n(at, counts_[i], double(lo + i));
      return out_;
    }
  }
  return sort(samples.size(), [&](auto&& f) { samples.for_each(f); });
}

std::span<const double> SampleSorter::sorted_finite(std::span<const double> samples) {
  return sort(samples.size(), [&](auto&& f) {
    for (double v : samples) f(v);
  });
}

}  // namespace aiperf
