#include "dataset/prompt_units.h"

#include <algorithm>
#include <unordered_map>

namespace aiperf {
namespace {

constexpr size_t kCheckChunkChars = 10'000;

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'; }

}  // namespace

std::optional<PromptUnits> make_prompt_units(std::string_view corpus_text, const Tokenizer& tokenizer) {
  PromptUnits u;
  u.text.reserve(corpus_text.size() + 1);
  for (size_t i = 0; i < corpus_text.size();) {
    if (is_space(corpus_text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < corpus_text.size() && !is_space(corpus_text[end])) ++end;
    u.text += ' ';
    u.text.append(corpus_text.substr(i, end - i));
    u.ends.push_back(uint32_t(u.text.size()));
    i = end;
  }
  if (u.ends.empty()) return std::nullopt;
  // Words repeat a lot in prose: count each distinct unit once.
  std::unordered_map<std::string_view, uint32_t> seen;
  u.tokens.reserve(u.size());
  for (size_t i = 0; i < u.size(); ++i) {
    auto [it, inserted] = seen.try_emplace(u.unit(i), 0);
    if (inserted) it->second = uint32_t(tokenizer.count(it->first));
    if (it->second == 0) return std::nullopt;
    u.tokens.push_back(it->second);
    if (it->second == 1) u.single_token.push_back(uint32_t(i));
  }
  if (u.single_token.empty()) return std::nullopt;
  u.cumulative.reserve(u.size() + 1);
  u.cumulative.push_back(0);
  for (uint32_t t : u.tokens) u.cumulative.push_back(u.cumulative.back() + t);
  // Additivity over real junctions: each chunk of consecutive units, as one text.
  size_t first = 0;
  while (first < u.size()) {
    size_t last = first;
    uint64_t sum = 0;
    const uint32_t begin = first == 0 ? 0 : u.ends[first - 1];
    while (last < u.size() && u.ends[last] - begin < kCheckChunkChars) sum += u.tokens[last++];
    if (last < u.size()) sum += u.tokens[last++];
    const std::string_view chunk = std::string_view(u.text).substr(begin, u.ends[last - 1] - begin);
    if (tokenizer.count(chunk) != sum) return std::nullopt;
    first = last;
  }
  return u;
}

size_t random_unit(const PromptUnits& units, std::mt19937_64& rng) {
  return std::uniform_int_distribution<size_t>(0, units.size() - 1)(rng);
}

// Whole units are taken while the next one fits: the longest run from `start` whose tokens sum
// to at most `num_tokens`, found on the cumulative counts and appended as one slice of the text
// (two or more where the run wraps around the corpus's end), not unit by unit.
size_t append_units(const PromptUnits& units, size_t start, int64_t num_tokens, std::string& out) {
  const size_t n = units.size();
  const std::vector<uint64_t>& cum = units.cumulative;
  size_t i = start;
  int64_t left = num_tokens;
  while (left > 0) {
    const uint64_t limit = cum[i] + uint64_t(left);
    const size_t k = size_t(std::upper_bound(cum.begin() + ptrdiff_t(i), cum.end(), limit) - cum.begin()) - 1;
    if (k == i) break;  // unit i alone is longer than what is left
    const uint32_t begin = i == 0 ? 0 : units.ends[i - 1];
    out.append(units.text, begin, units.ends[k - 1] - begin);
    left -= int64_t(cum[k] - cum[i]);
    i = k == n ? 0 : k;
    if (k < n) break;  // unit k does not fit (or nothing is left)
  }
  if (left == 0) return i;
  auto it = std::lower_bound(units.single_token.begin(), units.single_token.end(), uint32_t(i));
  for (; left > 0; --left) {
    if (it == units.single_token.end()) it = units.single_token.begin();
    out.append(units.unit(*it));
    i = *it++;
  }
  return i + 1 == units.size() ? 0 : i + 1;
}

void PromptUnitsCheck::operator()(std::string_view prompt, int64_t num_tokens, const Tokenizer& tokenizer) {
  if (checked_ >= kChecked) return;
  ++checked_;
  const size_t got = tokenizer.count(prompt);
  if (int64_t(got) != std::max<int64_t>(0, num_tokens))
    throw PromptUnitsMismatch("a prompt built from whole corpus words for " + std::to_string(num_tokens) +
                              " tokens encodes to " + std::to_string(got) + " under tokenizer " + tokenizer.name());
}

}  // namespace aiperf
