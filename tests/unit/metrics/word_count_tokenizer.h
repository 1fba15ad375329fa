#pragma once
// Test tokenizer: one token per whitespace-separated word, and a tally of encode calls so
// tests can check that request bodies are tokenised once.
#include <string>
#include <vector>

#include "tokenizer/tokenizer.h"

namespace aiperf::testing {

class WordCountTokenizer : public Tokenizer {
 public:
  std::vector<int32_t> encode(std::string_view text) const override {
    ++calls;
    std::vector<int32_t> ids;
    bool in_word = false;
    for (char c : text) {
      bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
      if (!space && !in_word) ids.push_back(int32_t(ids.size()));
      in_word = !space;
    }
    return ids;
  }
  std::string decode(const std::vector<int32_t>&) const override { return {}; }
  std::string name() const override { return "word-count"; }

  mutable int calls = 0;
};

}  // namespace aiperf::testing
