#pragma once
// What a tokenizer.json post_processor adds when encode runs with add_special_tokens=true.
// For one text every supported processor (TemplateProcessing, RobertaProcessing,
// BertProcessing, ByteLevel, and a Sequence of them) comes down to ids before and after it.
#include <cstdint>
#include <vector>

namespace aiperf {

struct PostProcessor {
  std::vector<int32_t> prefix;  // e.g. <s> / [CLS] / <|begin_of_text|>
  std::vector<int32_t> suffix;  // e.g. </s> / [SEP]

  // `then` runs on the output of this one, so its ids go around ours.
  void wrap_with(const PostProcessor& then) {
    prefix.insert(prefix.begin(), then.prefix.begin(), then.prefix.end());
    suffix.insert(suffix.end(), then.suffix.begin(), then.suffix.end());
  }
};

}  // namespace aiperf
