#pragma once
// Stable LSD radix sort by a 64-bit key, for the large arrays summarize() orders (samples,
// sweep-line events): a few linear passes instead of n log n comparisons. Passes whose digit
// every key shares are skipped, so keys that span few bits (timestamps of one run, doubles of
// similar magnitude) cost few passes. Needs one scratch array the size of the input.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace aiperf {

template <class T, class KeyOf>
void radix_sort_by_key(std::vector<T>& items, KeyOf key_of) {
  constexpr int kBits = 11;
  constexpr int kPasses = (64 + kBits - 1) / kBits;
  constexpr size_t kBuckets = size_t(1) << kBits;
  if (items.size() < 2) return;
  std::vector<std::array<uint32_t, kBuckets>> counts(kPasses);
  for (auto& c : counts) c.fill(0);
  for (const T& item : items) {
    const uint64_t k = key_of(item);
    for (int p = 0; p < kPasses; ++p) ++counts[size_t(p)][(k >> (p * kBits)) & (kBuckets - 1)];
  }
  std::vector<T> scratch;
  for (int p = 0; p < kPasses; ++p) {
    auto& c = counts[size_t(p)];
    if (std::find(c.begin(), c.end(), uint32_t(items.size())) != c.end()) continue;
    if (scratch.empty()) scratch.resize(items.size());
    uint32_t offset = 0;
    for (uint32_t& n : c) offset += std::exchange(n, offset);
    const int shift = p * kBits;
    for (const T& item : items) scratch[c[(key_of(item) >> shift) & (kBuckets - 1)]++] = item;
    items.swap(scratch);
  }
}

}  // namespace aiperf
