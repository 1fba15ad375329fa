#pragma once
// What synthetic prompts are cut from, prepared on first use: the corpus's prompt units
// (prompt_units.h) where the tokenizer counts them additively, else the corpus's token ids for
// the decode/re-encode repair path (prompt_corpus.h). Both take tens of milliseconds or more;
// preparing them lazily means a trace whose rows carry their own text, or a file refused at
// its first row, never pays for them.
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "common/log.h"
#include "dataset/corpus_text.h"
#include "dataset/prompt_units.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

class PromptSource {
 public:
  // The corpus's text and `tokenizer` must outlive the source. With `try_units` false the
  // repair path is used whatever the tokenizer (after a PromptUnitsMismatch); a random corpus
  // (no text) always takes it.
  PromptSource(PromptCorpusSource corpus, const Tokenizer& tokenizer, bool try_units = true)
      : corpus_(corpus), tokenizer_(tokenizer), try_units_(try_units && !corpus.random) {}
  PromptSource(std::string_view corpus_text, const Tokenizer& tokenizer, bool try_units = true)
      : PromptSource(PromptCorpusSource{corpus_text, std::nullopt}, tokenizer, try_units) {}

  // The units, or null when prompts must take the repair path.
  const PromptUnits* units();
  // The same units, for what outlives the source (deferred prompts, prompt_text.h).
  std::shared_ptr<const PromptUnits> shared_units() {
    units();
    return units_;
  }
  // The corpus's token ids (the repair path).
  const std::vector<int32_t>& corpus_ids();
  const Tokenizer& tokenizer() const { return tokenizer_; }

 private:
  PromptCorpusSource corpus_;
  const Tokenizer& tokenizer_;
  bool try_units_;
  bool units_tried_ = false;
  std::shared_ptr<const PromptUnits> units_;
  std::optional<std::vector<int32_t>> corpus_ids_;
};

// Runs build(source) and, when a checked prompt built from units mismatches, build again on a
// source that takes the repair path, with one warning, so every row is built the same way.
template <class Build>
auto build_with_prompt_source(PromptCorpusSource corpus, const Tokenizer& tokenizer, Build build) {
  try {
    PromptSource source(corpus, tokenizer);
    return build(source);
  } catch (const PromptUnitsMismatch& e) {
    console_notes() << "warning: " << e.what() << "; building every prompt with the slower decode/re-encode path\n";
  }
  PromptSource repair(corpus, tokenizer, false);
  return build(repair);
}

}  // namespace aiperf
