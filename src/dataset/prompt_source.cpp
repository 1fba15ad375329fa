#include "dataset/prompt_source.h"

#include "dataset/prompt_corpus.h"

namespace aiperf {

const PromptUnits* PromptSource::units() {
  if (!units_tried_) {
    units_tried_ = true;
    if (try_units_)
      if (std::optional<PromptUnits> units = make_prompt_units(corpus_.text, tokenizer_))
        units_ = std::make_shared<const PromptUnits>(std::move(*units));
  }
  return units_.get();
}

const std::vector<int32_t>& PromptSource::corpus_ids() {
  if (!corpus_ids_) corpus_ids_ = prompt_corpus_ids(corpus_, tokenizer_);
  return *corpus_ids_;
}

}  // namespace aiperf
