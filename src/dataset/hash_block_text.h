#pragma once
// Text for a token range of a hash-id-shaped context (workloads-and-endpoints.md §3.9): token
// position p of a request lies in block p / B, whose B tokens are a corpus window chosen by the
// block's hash id alone. A message covering positions [begin, end) is the decoded slice, so
// two requests of one trace that share hash ids share the same tokens at the same positions,
// whichever message (system, user or recorded assistant output) they fall in.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tokenizer/tokenizer.h"

namespace aiperf {

class HashBlockText {
 public:
  // `corpus` (token ids, non-empty) and `tokenizer` must outlive this object. `key` is the
  // trace's namespace: equal ids under different keys are unrelated blocks.
  HashBlockText(const std::vector<int32_t>& corpus, const Tokenizer& tokenizer, int64_t block_size, uint64_t key);

  // Positions past the last hash id's block get fresh corpus tokens from `fresh_rng`.
  std::string text(const std::vector<int64_t>& hash_ids, int64_t begin, int64_t end, std::mt19937_64& fresh_rng);

 private:
  const std::vector<int32_t>& corpus_;
  const Tokenizer& tokenizer_;
  const int64_t block_size_;
  const uint64_t key_;
  std::vector<int32_t> ids_;  // the slice being built
};

}  // namespace aiperf
