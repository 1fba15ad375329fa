#include "tokenizer/unicode_whitespace.h"

#include "tokenizer/utf8.h"

namespace aiperf {

bool is_unicode_whitespace(char32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
         cp == 0x3000;
}

size_t whitespace_length_at(std::string_view s, size_t i) {
  if (i >= s.size()) return 0;
  size_t len = utf8::valid_sequence_length(s, i);
  if (len == 0) return 0;
  return is_unicode_whitespace(utf8::decode_at(s, i, len)) ? len : 0;
}

size_t whitespace_length_before(std::string_view s, size_t end) {
  if (end == 0) return 0;
  size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return whitespace_length_at(s, start) == end - start ? end - start : 0;
}

}  // namespace aiperf
