#pragma once
// Fast exact-length prompt text (docs/tokenizers.md, "Prompt units"): the corpus cut once into
// units of one space plus one word, each with its token count, so that a prompt of N tokens is
// a run of consecutive units summing to N, built without calling the tokenizer. This holds
// only where the tokenizer pre-tokenizes at spaces (regex Split of byte-level BPE, Metaspace)
// and merges never cross a unit boundary, so it is checked on the corpus once and on the first
// prompts built; callers fall back to synthesize_prompt (prompt_corpus.h) otherwise
// (prompt_source.h chooses).
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/tokenizer.h"

namespace aiperf {

struct PromptUnits {
  std::string text;                   // " w1 w2 w3 ...": every unit is " " + a word
  std::vector<uint32_t> ends;         // unit i is text[ends[i-1], ends[i]) (ends[-1] = 0)
  std::vector<uint32_t> tokens;       // token count of unit i, >= 1
  std::vector<uint32_t> single_token; // ascending indices of the units of exactly one token
  std::vector<uint64_t> cumulative;   // tokens of units [0, k) at k (size() + 1 values)

  size_t size() const { return ends.size(); }
  std::string_view unit(size_t i) const {
    const uint32_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(text).substr(begin, ends[i] - begin);
  }
};

// The units of `corpus_text` (split at any whitespace), or nullopt when the tokenizer does not
// count them additively: the corpus, in chunks of ~10 000 characters, must encode to exactly the
// sum of its units' counts, and some unit must be a single token (to finish a prompt exactly).
std::optional<PromptUnits> make_prompt_units(std::string_view corpus_text, const Tokenizer& tokenizer);

// A uniform random unit to start a prompt at.
size_t random_unit(const PromptUnits& units, std::mt19937_64& rng);

// Appends units from `start` (wrapping around) until exactly `num_tokens` tokens; where the
// next unit would overshoot, the rest is single-token units from there on. Returns the
// position after the last unit taken.
size_t append_units(const PromptUnits& units, size_t start, int64_t num_tokens, std::string& out);

// Thrown when a prompt built from units does not encode to its intended length: the caller
// rebuilds the whole dataset with synthesize_prompt so every row is built the same way.
struct PromptUnitsMismatch : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The runtime safety net: the first kChecked prompts are encoded by the real tokenizer.
class PromptUnitsCheck {
 public:
  static constexpr int kChecked = 16;
  void operator()(std::string_view prompt, int64_t num_tokens, const Tokenizer& tokenizer);
  bool pending() const { return checked_ < kChecked; }  // a further prompt would still be encoded

 private:
  int checked_ = 0;
};

}  // namespace aiperf
