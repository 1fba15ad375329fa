#pragma once
// Trace prompts shaped by hash_ids (workloads-and-endpoints.md §3.4): each hash id stands for
// one block of B tokens, so rows whose hash_id lists share a prefix share a prompt prefix and
// a server's prefix cache sees the reuse the trace recorded.
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "dataset/prompt_source.h"
#include "dataset/prompt_text.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

class HashIdPrompts {
 public:
  // `source` must outlive this object. With units (prompt_source.h) blocks are unit text and no
  // row calls the tokenizer (beyond PromptUnitsCheck, which may throw PromptUnitsMismatch);
  // without, the corpus's token ids and the repair path are used.
  HashIdPrompts(PromptSource& source, int64_t block_size, std::optional<uint64_t> seed);

  // A prompt of `input_length` tokens: hash_ids' blocks in order, the last one cut to
  // input_length − (M−1)·B tokens; when the ids cover less than input_length (M·B < N) the
  // rest is fresh corpus text from `tail_rng`. Throws std::invalid_argument when the last
  // block would be empty (input_length <= (M−1)·B). With units the prompt is deferred
  // (prompt_text.h): its text is built when a request is, from the same draws.
  PromptText prompt(const std::vector<int64_t>& hash_ids, int64_t input_length, std::mt19937_64& tail_rng);

 private:
  std::mt19937_64 block_rng(int64_t hash_id) const;
  const std::vector<int32_t>& block(int64_t hash_id);
  PromptText unit_prompt(const PromptUnits& units, const std::vector<int64_t>& hash_ids, int64_t input_length,
                         std::mt19937_64& tail_rng);

  PromptSource& source_;
  const int64_t block_size_;
  const std::optional<uint64_t> seed_;
  std::unordered_map<int64_t, std::vector<int32_t>> blocks_;
  std::shared_ptr<HashBlockRecipes> recipes_;  // the deferred prompts' shared part (units path)
  PromptUnitsCheck check_;
};

}  // namespace aiperf
