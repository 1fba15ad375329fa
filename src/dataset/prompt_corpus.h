#pragma once
// Synthetic prompt text: the corpus tokenised once (workloads-and-endpoints.md §2.2), then
// prompts cut from it as windows of consecutive tokens (§2.3).
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "config/profile_config.h"
#include "dataset/corpus_text.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// Lines stripped, empty lines dropped, lines grouped into chunks of >= 10 000 characters
// joined by one space, each chunk encoded, all ids concatenated. The fixed chunk size keeps
// the token stream independent of how the work is split.
std::vector<int32_t> tokenize_corpus(std::string_view text, const Tokenizer& tokenizer);

// --prompt-corpus random (workloads-and-endpoints.md §2.2): the tokenizer's vocabulary as the
// corpus, so a window of it is upstream's token j of request r = allowed[(offset_r + r + j) mod
// n] with a uniform offset. vllm style leaves out the special tokens, sglang keeps every id.
// Throws ConfigError when the tokenizer has no vocabulary to draw from.
std::vector<int32_t> random_corpus_ids(const Tokenizer& tokenizer, RandomCorpusStyle style);

// The corpus's token ids: tokenize_corpus of its text, or random_corpus_ids.
std::vector<int32_t> prompt_corpus_ids(const PromptCorpusSource& corpus, const Tokenizer& tokenizer);

// A prompt of exactly `num_tokens` tokens where the tokenizer allows it: a window starting
// at a uniform random position (wrapping around), decoded, then re-encoded and repaired up
// to 10 times if the round trip changed its length. With a `prefix` (token ids of a prefix
// prompt) the window follows it and the whole is repaired to prefix.size() + num_tokens,
// joined at token level as upstream does (§2.7).
std::string synthesize_prompt(const std::vector<int32_t>& corpus, const Tokenizer& tokenizer,
                              int64_t num_tokens, std::mt19937_64& rng,
                              const std::vector<int32_t>& prefix = {});

}  // namespace aiperf
