#pragma once
// HuggingFace decoders: ByteLevel, Metaspace, ByteFallback, Fuse, Strip, Replace, and a
// Sequence of them. Each step turns the list of token strings into a new list; the result is
// the concatenation of the last list. Without a decoder HuggingFace joins tokens with " ".
#include <memory>
#include <string>
#include <vector>

#include "tokenizer/pcre2_regex.h"

namespace aiperf {

struct DecoderStep {
  enum class Kind { kByteLevel, kMetaspace, kByteFallback, kFuse, kStrip, kReplace } kind;
  std::string text;     // Metaspace: replacement; Strip: the character; Replace: literal pattern
  std::string content;  // Replace: the replacement
  std::shared_ptr<const Pcre2Regex> regex;  // Replace with a {"Regex": ...} pattern
  bool drop_first_replacement = true;  // Metaspace: prepend_scheme is not "never"
  size_t start = 0, stop = 0;          // Strip: at most this many characters from each end
};

class Decoder {
 public:
  Decoder() = default;
  explicit Decoder(std::vector<DecoderStep> steps) : steps_(std::move(steps)), join_with_spaces_(false) {}

  // Valid UTF-8 out: bytes that do not form characters become U+FFFD.
  std::string decode(std::vector<std::string> tokens) const;

 private:
  std::vector<DecoderStep> steps_;
  bool join_with_spaces_ = true;  // no decoder at all
};

}  // namespace aiperf
