#pragma once
// The built-in filler text for synthetic prompts (upstream's "sonnet" corpus): a selection of
// Shakespeare's sonnets, which are in the public domain.
#include <optional>
#include <string_view>

#include "config/profile_config.h"

namespace aiperf {

std::string_view sonnet_corpus_text();

// The synthetic-prompt corpus (upstream's default corpus is "sonnet", a Shakespeare text): the
// sonnets above followed by the opening chapters of Moby-Dick (moby_dick_text.h), ~50k tokens,
// so that prompts of thousands of tokens drawn from it rarely share text (a server's prefix
// cache must not make a benchmark look faster than it is). All public domain.
std::string_view synthetic_corpus_text();

// --prompt-corpus coding (workloads-and-endpoints.md §2.2; coding_corpus.cpp): code, logs, tool
// output, diffs and configs, the same text in every run.
std::string_view coding_corpus_text();

// What synthetic prompts are cut from: --prompt-corpus when given, else the loader's own
// default. A text (sonnet: synthetic_corpus_text(); coding: coding_corpus_text()), or with
// random no text: windows of the tokenizer's vocabulary (prompt_corpus.h, random_corpus_ids).
struct PromptCorpusSource {
  std::string_view text;                     // empty with random
  std::optional<RandomCorpusStyle> random;  // set: --prompt-corpus random, in this style
};
PromptCorpusSource prompt_corpus(const DatasetSettings& settings, PromptCorpus loader_default = PromptCorpus::sonnet);

}  // namespace aiperf
