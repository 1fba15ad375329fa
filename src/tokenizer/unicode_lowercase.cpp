#include "tokenizer/unicode_lowercase.h"

#include <algorithm>

#include "tokenizer/unicode_extra_tables.h"
#include "tokenizer/utf8.h"

namespace aiperf {

std::string to_lowercase(std::string_view text) {
  using namespace extra_tables;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += char(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
      ++i;
      continue;
    }
    size_t len = utf8::valid_sequence_length(text, i);
    if (len == 0) len = 1;
    char32_t cp = utf8::decode_at(text, i, len);
    const auto* end = kLowercase + kLowercaseCount;
    const auto* it = std::lower_bound(kLowercase, end, cp, [](const Mapping& m, char32_t v) { return m.cp < v; });
    if (it != end && it->cp == cp) {
      for (uint32_t k = 0; k < it->length; ++k) utf8::append(out, kLowercaseData[it->offset + k]);
    } else {
      out.append(text.substr(i, len));
    }
    i += len;
  }
  return out;
}

}  // namespace aiperf
