#pragma once
// Stable LSD radix sort by a 64-bit key (the sweep-line events, by time): a few linear
// passes instead of n log n comparisons. Only digits up to the largest key's highest bit are
// sorted, and a digit every key shares is skipped, so small keys (offsets from a run's first
// timestamp) cost few passes. Needs one scratch array the size of the input.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace aiperf {

template <class T, class KeyOf>
void radix_sort_by_key(std::vector<T>& items, KeyOf key_of) {
  constexpr int kBits = 12;
  constexpr size_t kBuckets = size_t(1) << kBits;
  if (items.size() < 2) return;
  uint64_t top = 0;
  for (const T& item : items) top = std::max(top, key_of(item));
  const int passes = (int(std::bit_width(top)) + kBits - 1) / kBits;  // digits above are all 0
  std::vector<std::array<uint32_t, kBuckets>> counts(static_cast<size_t>(passes));
  for (auto& c : counts) c.fill(0);
  for (const T& item : items) {
    const uint64_t k = key_of(item);
    for (int p = 0; p < passes; ++p) ++counts[size_t(p)][(k >> (p * kBits)) & (kBuckets - 1)];
  }
  std::vector<T> scratch;
  for (int p = 0; p < passes; ++p) {
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
