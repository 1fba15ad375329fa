#pragma once
// HuggingFace normalizers: NFC, NFD, NFKC, NFKD, Lowercase, Strip, Prepend and Replace (literal
// or regex pattern), alone or flattened from a Sequence. Steps run in order on the whole text.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/pcre2_regex.h"

namespace aiperf {

enum class NormalizerKind { kNfc, kNfd, kNfkc, kNfkd, kLowercase, kStrip, kPrepend, kReplace };

struct NormalizerStep {
  NormalizerKind kind = NormalizerKind::kNfc;
  std::string literal;  // Prepend: the prefix; Replace: the literal pattern when regex is null
  std::string content;  // Replace: the replacement
  std::shared_ptr<const Pcre2Regex> regex;  // Replace with a {"Regex": ...} pattern
  bool strip_left = false, strip_right = false;  // Strip
};

class Normalizer {
 public:
  Normalizer() = default;
  explicit Normalizer(std::vector<NormalizerStep> steps) : steps_(std::move(steps)) {}

  bool empty() const { return steps_.empty(); }
  // `text` must be valid UTF-8; so is the result.
  std::string apply(std::string_view text) const;

 private:
  std::vector<NormalizerStep> steps_;
};

// Replaces every non-overlapping occurrence of `from`, left to right (from must not be empty).
std::string replace_all(std::string_view text, std::string_view from, std::string_view to);

}  // namespace aiperf
