#pragma once
// Token string -> id lookup for large vocabularies: an open-addressing table of ids over the
// id-indexed token strings. One small array probe per lookup instead of a node-based map's
// pointer chase; loading a 150k-token vocabulary and merging are dominated by these lookups.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

class VocabIndex {
 public:
  VocabIndex() = default;
  // `tokens` is indexed by id (empty where an id is unused) and must outlive the index.
  // Returns the ids whose string was already taken by a lower id (duplicates are skipped).
  std::vector<int32_t> build(const std::vector<std::string>* tokens);

  // The id of `token`, or -1.
  int32_t find(std::string_view token) const {
    if (slots_.empty()) return -1;
    for (size_t i = hash(token) & mask_;; i = (i + 1) & mask_) {
      int32_t id = slots_[i];
      if (id < 0) return -1;
      if ((*tokens_)[size_t(id)] == token) return id;
    }
  }

 private:
  static size_t hash(std::string_view s) {
    // FNV-1a: short keys, and it mixes every byte into the low bits used as the slot.
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
    return size_t(h ^ (h >> 29));
  }

  const std::vector<std::string>* tokens_ = nullptr;
  std::vector<int32_t> slots_;  // -1 = empty
  size_t mask_ = 0;
};

}  // namespace aiperf
