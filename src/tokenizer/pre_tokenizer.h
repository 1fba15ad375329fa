#pragma once
// HuggingFace pre-tokenizers: Split (regex or literal pattern, every behaviour, invert),
// ByteLevel and Metaspace, alone or in a Sequence. Digits, Punctuation, Whitespace and
// WhitespaceSplit are Split steps with a fixed pattern (see tokenizer_json.cpp). A pre-tokenizer
// cuts normalized text into the pieces the BPE model encodes independently.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/pcre2_regex.h"

namespace aiperf {

enum class SplitBehavior { kRemoved, kIsolated, kMergedWithPrevious, kMergedWithNext, kContiguous };

struct SplitStep {
  std::shared_ptr<const Pcre2Regex> regex;  // literal patterns are compiled as escaped regexes
  SplitBehavior behavior = SplitBehavior::kIsolated;
  bool invert = false;
};

struct ByteLevelStep {
  bool add_prefix_space = false;
  std::shared_ptr<const Pcre2Regex> gpt2_regex;  // set when use_regex is true
};

enum class PrependScheme { kAlways, kFirst, kNever };

struct MetaspaceStep {
  std::string replacement = "\xE2\x96\x81";  // U+2581, SentencePiece's visible space
  PrependScheme prepend_scheme = PrependScheme::kAlways;
  bool split = true;  // cut before every replacement character
};

struct PreTokenizerStep {
  enum class Kind { kSplit, kByteLevel, kMetaspace } kind;
  SplitStep split;
  ByteLevelStep byte_level;
  MetaspaceStep metaspace;
};

// GPT-2's word-splitting pattern, used by ByteLevel when use_regex is true.
extern const char* const kGpt2SplitPattern;

// Escapes a literal so PCRE2 matches it verbatim (Split's {"String": ...} pattern).
std::string regex_escape(std::string_view literal);

class PreTokenizer {
 public:
  PreTokenizer() = default;
  explicit PreTokenizer(std::vector<PreTokenizerStep> steps) : steps_(std::move(steps)) {}

  bool empty() const { return steps_.empty(); }

  // Appends the pieces of `text` to out. Pieces are byte-level mapped when a ByteLevel step ran.
  // `at_text_start`: `text` begins the input (Metaspace's prepend_scheme "first" needs it).
  void split(std::string_view text, std::vector<std::string>& out, bool at_text_start = true) const;

 private:
  std::vector<PreTokenizerStep> steps_;
};

// The pieces one Split step makes of `piece` (exposed for tests).
std::vector<std::string> apply_split(const SplitStep& step, std::string_view piece);

}  // namespace aiperf
