#include "tokenizer/added_tokens.h"

#include <algorithm>
#include <cctype>

#include "tokenizer/utf8.h"

namespace aiperf {
namespace {

// The whitespace lstrip/rstrip remove: ASCII whitespace, and the Unicode spaces most often seen.
size_t space_len_at(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return 1;
  if (c < 0x80) return 0;
  size_t len = utf8::valid_sequence_length(s, i);
  if (len == 0) return 0;
  char32_t cp = utf8::decode_at(s, i, len);
  bool space = cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
               cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
  return space ? len : 0;
}

size_t space_len_before(std::string_view s, size_t end) {
  size_t start = end;
  while (start > 0 && (static_cast<unsigned char>(s[start - 1]) & 0xC0) == 0x80) --start;
  if (start > 0) --start;
  size_t len = space_len_at(s, start);
  return len == end - start ? len : 0;
}

bool is_word_byte(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

}  // namespace

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens) : tokens_(std::move(tokens)) {
  std::erase_if(tokens_, [](const AddedToken& t) { return t.content.empty(); });
  std::stable_sort(tokens_.begin(), tokens_.end(),
                   [](const AddedToken& a, const AddedToken& b) { return a.content.size() > b.content.size(); });
  for (const auto& t : tokens_) first_byte_[static_cast<unsigned char>(t.content[0])] = true;
}

std::vector<TextSegment> AddedTokenMatcher::split(std::string_view text) const {
  std::vector<TextSegment> out;
  size_t plain_start = 0;  // start of the text not yet emitted
  size_t i = 0;
  while (i < text.size()) {
    if (!first_byte_[static_cast<unsigned char>(text[i])]) {
      ++i;
      continue;
    }
    const AddedToken* hit = nullptr;
    for (const auto& t : tokens_) {
      if (text.compare(i, t.content.size(), t.content) != 0) continue;
      if (t.single_word) {
        size_t end = i + t.content.size();
        if ((i > 0 && is_word_byte(static_cast<unsigned char>(text[i - 1]))) ||
            (end < text.size() && is_word_byte(static_cast<unsigned char>(text[end])))) {
          continue;
        }
      }
      hit = &t;
      break;
    }
    if (hit == nullptr) {
      ++i;
      continue;
    }
    size_t begin = i, end = i + hit->content.size();
    if (hit->lstrip) {
      while (begin > plain_start) {
        size_t len = space_len_before(text, begin);
        if (len == 0) break;
        begin -= len;
      }
    }
    if (hit->rstrip) {
      while (end < text.size()) {
        size_t len = space_len_at(text, end);
        if (len == 0) break;
        end += len;
      }
    }
    if (begin > plain_start) out.push_back({text.substr(plain_start, begin - plain_start), -1});
    out.push_back({text.substr(begin, end - begin), hit->id});
    plain_start = i = end;
  }
  if (plain_start < text.size()) out.push_back({text.substr(plain_start), -1});
  return out;
}

}  // namespace aiperf
