#pragma once
// Prompts of exactly N tokens for loaders that draw each prompt from the corpus at a random
// position: runs of corpus units where the tokenizer allows it (prompt_units.h), else the
// decode/re-encode repair path (prompt_corpus.h) with a token-level prefix join.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dataset/prompt_source.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// A shared prefix (workloads-and-endpoints.md §2.7): its text, and its token ids where bodies
// join at token level.
struct PromptPrefix {
  std::string text;
  std::vector<int32_t> ids;  // the repair path only
  int64_t tokens = 0;
};

class PromptMaker {
 public:
  // `source` must outlive the maker; it is prepared by the first prompt.
  explicit PromptMaker(PromptSource& source) : source_(source) {}

  // May throw PromptUnitsMismatch (from its first prompts' check) on the units path.
  std::string make(int64_t num_tokens, std::mt19937_64& rng, const PromptPrefix* prefix = nullptr);
  PromptPrefix make_prefix(int64_t num_tokens, std::mt19937_64& rng);

 private:
  PromptSource& source_;
  PromptUnitsCheck check_;
  std::string scratch_;  // the prompt being built
};

}  // namespace aiperf
