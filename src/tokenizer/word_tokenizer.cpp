#include "tokenizer/word_tokenizer.h"

#include <stdexcept>

namespace aiperf {
namespace {

// ASCII whitespace, as Python's str.split() without arguments treats it for ASCII text.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

template <typename Fn>
void for_each_word(std::string_view text, Fn&& fn) {
  size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && is_space(text[i])) ++i;
    size_t start = i;
    while (i < n && !is_space(text[i])) ++i;
    if (i > start) fn(text.substr(start, i - start));
  }
}

}  // namespace

std::vector<int32_t> WordTokenizer::encode(std::string_view text) const {
  std::vector<int32_t> ids;
  std::lock_guard lock(mu_);
  for_each_word(text, [&](std::string_view word) {
    auto [it, inserted] = ids_.try_emplace(std::string(word), int32_t(words_.size()));
    if (inserted) words_.emplace_back(word);
    ids.push_back(it->second);
  });
  return ids;
}

std::string WordTokenizer::decode(const std::vector<int32_t>& ids) const {
  std::string text;
  std::lock_guard lock(mu_);
  for (int32_t id : ids) {
    if (id < 0 || size_t(id) >= words_.size())
      throw std::out_of_range("word tokenizer: unknown token id " + std::to_string(id));
    if (!text.empty()) text += ' ';
    text += words_[size_t(id)];
  }
  return text;
}

size_t WordTokenizer::count(std::string_view text) const {
  size_t words = 0;
  for_each_word(text, [&](std::string_view) { ++words; });
  return words;
}

}  // namespace aiperf
