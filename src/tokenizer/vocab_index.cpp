#include "tokenizer/vocab_index.h"

namespace aiperf {

std::vector<int32_t> VocabIndex::build(const std::vector<std::string>* tokens) {
  tokens_ = tokens;
  size_t n = 0;
  for (const auto& t : *tokens) n += !t.empty();
  size_t cap = 16;
  while (cap < n * 2) cap <<= 1;  // at most half full keeps probe runs short
  slots_.assign(cap, -1);
  mask_ = cap - 1;
  std::vector<int32_t> duplicates;
  for (size_t id = 0; id < tokens->size(); ++id) {
    const std::string& t = (*tokens)[id];
    if (t.empty()) continue;
    size_t i = hash(t) & mask_;
    while (slots_[i] >= 0 && (*tokens)[size_t(slots_[i])] != t) i = (i + 1) & mask_;
    if (slots_[i] >= 0) {
      duplicates.push_back(int32_t(id));
    } else {
      slots_[i] = int32_t(id);
    }
  }
  return duplicates;
}

}  // namespace aiperf
