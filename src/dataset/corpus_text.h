#pragma once
// The built-in filler text for synthetic prompts (upstream's "sonnet" corpus): a selection of
// Shakespeare's sonnets, which are in the public domain.
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

// The text synthetic prompts are cut from: --prompt-corpus when given, else the loader's own
// default (sonnet: synthetic_corpus_text(); coding: coding_corpus_text()).
std::string_view prompt_corpus_text(const DatasetSettings& settings, PromptCorpus loader_default = PromptCorpus::sonnet);

}  // namespace aiperf
