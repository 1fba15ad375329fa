#include "dataset/prompt_source.h"

#include "dataset/prompt_corpus.h"

namespace aiperf {

const PromptUnits* PromptSource::units() {
  if (!units_tried_) {
    units_tried_ = true;
    if (try_units_) units_ = make_prompt_units(corpus_text_, tokenizer_);
  }
  return units_ ? &*units_ : nullptr;
}

const std::vector<int32_t>& PromptSource::corpus_ids() {
  if (!corpus_ids_) corpus_ids_ = tokenize_corpus(corpus_text_, tokenizer_);
  return *corpus_ids_;
}

}  // namespace aiperf
