#pragma once
// A turn's user text. Most datasets hold it as bytes. A trace prompt built from hash blocks
// (workloads-and-endpoints.md §3.4) holds a recipe instead, its block ids, length and tail
// start, and becomes the same bytes each time a request body is built. A million-row trace
// then costs a few bytes per row, not its prompt text.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "dataset/prompt_units.h"

namespace aiperf {

// What every deferred prompt of one trace shares: the corpus units, the block size, and each
// row's blocks back to back, as the unit each block starts at (a function of the trace's key
// and the hash id only, so equal ids give equal text). Filled while the trace loads and
// read-only once it has loaded.
struct HashBlockRecipes {
  std::shared_ptr<const PromptUnits> units;
  int64_t block_size = 0;
  uint64_t key = 0;  // mixed with each hash id to choose its block's first unit
  std::vector<uint32_t> block_starts;

  uint32_t block_start(int64_t hash_id) const;
};

class PromptText {
 public:
  PromptText() = default;
  PromptText(std::string text) : text_(std::move(text)) {}  // NOLINT: implicit, like the string it replaces
  PromptText(const char* text) : text_(text) {}             // NOLINT
  PromptText(std::string_view text) : text_(text) {}        // NOLINT

  // `count` blocks of `recipes->block_starts` from `begin`, `tokens` long; `tail_unit` is where the text
  // past the last block starts (used only when the blocks cover less than `tokens`).
  static PromptText from_blocks(std::shared_ptr<const HashBlockRecipes> recipes, uint32_t begin, uint32_t count,
                                uint32_t tokens, uint32_t tail_unit);

  bool deferred() const { return recipes_ != nullptr; }
  bool empty() const { return !deferred() && text_.empty(); }
  std::string str() const;                // the text, built now when deferred
  void append_to(std::string& out) const;  // appends the text without a temporary

  friend bool operator==(const PromptText& a, std::string_view b) { return a.str() == b; }
  friend std::ostream& operator<<(std::ostream& os, const PromptText& p) { return os << p.str(); }

 private:
  std::string text_;
  std::shared_ptr<const HashBlockRecipes> recipes_;
  uint32_t begin_ = 0, count_ = 0, tokens_ = 0, tail_unit_ = 0;
};

}  // namespace aiperf
