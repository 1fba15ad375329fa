#pragma once
// (left id, right id) -> merge rank and result: an open-addressing table, since building and
// probing a node-based map of 150k-300k merges dominated tokenizer load and merge time.
#include <cstdint>
#include <vector>

namespace aiperf {

struct BpeMerge {
  int32_t rank;    // lower merges first
  int32_t result;  // id of the merged token
};

class MergeTable {
 public:
  void reserve(size_t n) {
    size_t cap = 16;
    while (cap < n * 2) cap <<= 1;
    keys_.assign(cap, kEmpty);
    values_.assign(cap, {});
    mask_ = cap - 1;
  }

  // Keeps the existing entry when the pair is already present (the earlier merge wins).
  void insert(int32_t left, int32_t right, BpeMerge m) {
    uint64_t key = pack(left, right);
    size_t i = slot(key);
    while (keys_[i] != kEmpty && keys_[i] != key) i = (i + 1) & mask_;
    if (keys_[i] == key) return;
    keys_[i] = key;
    values_[i] = m;
  }

  const BpeMerge* find(int32_t left, int32_t right) const {
    uint64_t key = pack(left, right);
    for (size_t i = slot(key);; i = (i + 1) & mask_) {
      if (keys_[i] == key) return &values_[i];
      if (keys_[i] == kEmpty) return nullptr;
    }
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t(0);  // ids are non-negative, so never a real key
  static uint64_t pack(int32_t l, int32_t r) { return (uint64_t(uint32_t(l)) << 32) | uint32_t(r); }
  size_t slot(uint64_t key) const { return size_t((key * 0x9E3779B97F4A7C15ull) >> 20) & mask_; }

  std::vector<uint64_t> keys_ = std::vector<uint64_t>(16, kEmpty);
  std::vector<BpeMerge> values_ = std::vector<BpeMerge>(16);
  size_t mask_ = 15;
};

}  // namespace aiperf
