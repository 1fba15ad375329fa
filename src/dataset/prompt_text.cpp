#include "dataset/prompt_text.h"

#include <algorithm>

#include "common/stable_hash.h"

namespace aiperf {

uint32_t HashBlockRecipes::block_start(int64_t hash_id) const {
  return uint32_t(hash_mix64(key ^ hash_mix64(uint64_t(hash_id))) % units->size());
}

PromptText PromptText::from_blocks(std::shared_ptr<const HashBlockRecipes> recipes, uint32_t begin, uint32_t count,
                                   uint32_t tokens, uint32_t tail_unit) {
  PromptText p;
  p.recipes_ = std::move(recipes);
  p.begin_ = begin;
  p.count_ = count;
  p.tokens_ = tokens;
  p.tail_unit_ = tail_unit;
  return p;
}

std::string PromptText::str() const {
  if (!deferred()) return text_;
  std::string out;
  append_to(out);
  return out;
}

// Units join without merging, so the prompt is the blocks' texts back to back: shared hash
// ids give byte-identical (hence token-identical) prefixes. The last block is cut to what is
// left of the length; past the blocks comes corpus text from the row's tail unit.
void PromptText::append_to(std::string& out) const {
  if (!deferred()) {
    out += text_;
    return;
  }
  const HashBlockRecipes& r = *recipes_;
  const PromptUnits& units = *r.units;
  const int64_t length = tokens_, m = count_;
  int64_t left = length;
  for (int64_t i = 0; i < m && left > 0; ++i) {
    const int64_t take = std::min(left, r.block_size);
    append_units(units, r.block_starts[begin_ + size_t(i)], take, out);
    left -= take;
  }
  if (left > 0) append_units(units, tail_unit_, left, out);
}

}  // namespace aiperf
