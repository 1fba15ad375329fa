#include "dataset/prompt_maker.h"

#include <algorithm>

#include "config/dataset_size_limit.h"
#include "dataset/prompt_corpus.h"

namespace aiperf {

std::string PromptMaker::make(int64_t num_tokens, std::mt19937_64& rng, const PromptPrefix* prefix) {
  // Loaders and flags refuse such lengths with their own names; a length drawn with a large
  // stddev can still pass the limit, and must not run the machine out of memory.
  require_prompt_tokens("synthetic prompt length", num_tokens);
  static const std::vector<int32_t> no_ids;
  const PromptUnits* units = source_.units();
  if (!units)
    return synthesize_prompt(source_.corpus_ids(), source_.tokenizer(), num_tokens, rng, prefix ? prefix->ids : no_ids);
  // Built in a reused buffer and copied out at its exact size: appending to a fresh string
  // would leave up to twice the text's size allocated per prompt.
  scratch_.clear();
  if (prefix) scratch_ = prefix->text;
  append_units(*units, random_unit(*units, rng), num_tokens, scratch_);
  check_(scratch_, std::max<int64_t>(0, num_tokens) + (prefix ? prefix->tokens : 0), source_.tokenizer());
  return std::string(scratch_);
}

PromptPrefix PromptMaker::make_prefix(int64_t num_tokens, std::mt19937_64& rng) {
  PromptPrefix p;
  p.text = make(num_tokens, rng);
  if (source_.units()) {
    p.tokens = std::max<int64_t>(0, num_tokens);
  } else {
    p.ids = source_.tokenizer().encode(p.text);
    p.tokens = int64_t(p.ids.size());
  }
  return p;
}

}  // namespace aiperf
