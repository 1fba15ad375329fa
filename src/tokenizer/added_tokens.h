#pragma once
// Added (and special) tokens of a tokenizer.json. They are found in the text before
// pre-tokenization, so e.g. "<|im_start|>" stays one token instead of being split by the regex.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct AddedToken {
  int32_t id = 0;
  std::string content;
  bool special = false;
  bool normalized = false;  // matched against normalized text instead of the raw input
  bool lstrip = false;      // swallows whitespace on its left
  bool rstrip = false;      // swallows whitespace on its right
  bool single_word = false; // only matches when not inside a word
};

// A piece of input: either plain text for the normal pipeline or one added token.
struct TextSegment {
  std::string_view text;  // the source text (for a token: what it matched, stripped spaces included)
  int32_t token_id = -1;  // >= 0 for an added token
};

class AddedTokenMatcher {
 public:
  AddedTokenMatcher() = default;
  explicit AddedTokenMatcher(std::vector<AddedToken> tokens);

  bool empty() const { return tokens_.empty(); }

  // Splits text at the leftmost-longest occurrences of the tokens. Segments view `text`.
  std::vector<TextSegment> split(std::string_view text) const;

 private:
  std::vector<AddedToken> tokens_;  // longest first, so the first hit at a position is the longest
  bool first_byte_[256] = {};
};

}  // namespace aiperf
