#include "metrics/json_text.h"

#include <charconv>
#include <cmath>

namespace aiperf {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not valid.
size_t utf8_sequence_length(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  size_t len;
  uint32_t cp;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) len = 2, cp = c & 0x1F;
  else if ((c & 0xF0) == 0xE0) len = 3, cp = c & 0x0F;
  else if ((c & 0xF8) == 0xF0) len = 4, cp = c & 0x07;
  else return 0;
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    // Runs of printable ASCII other than '"' and '\\' (nearly all of an export) go in one append.
    size_t run = i;
    while (run < s.size()) {
      const unsigned char r = static_cast<unsigned char>(s[run]);
      if (r < 0x20 || r >= 0x80 || r == '"' || r == '\\') break;
      ++run;
    }
    if (run > i) {
      out.append(s.data() + i, run - i);
      i = run;
      continue;
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      size_t len = utf8_sequence_length(s, i);
      if (len == 0) {
        out.append(kReplacement);
        ++i;
      } else {
        out.append(s.substr(i, len));
        i += len;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 0xF]);
        } else {
          out.push_back(char(c));
        }
    }
    ++i;
  }
  out.push_back('"');
}

void append_json_int(std::string& out, int64_t v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}

void append_json_double(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  // Shortest round-trip digits in scientific form: [-]d[.ddd]e(+|-)XX.
  char buf[40];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view sci(buf, size_t(end - buf));
  bool negative = sci.front() == '-';
  if (negative) sci.remove_prefix(1);
  size_t e_pos = sci.find('e');
  char digits[24];
  size_t n = 0;
  for (char ch : sci.substr(0, e_pos))
    if (ch != '.') digits[n++] = ch;
  int exp = 0;
  std::string_view exp_text = sci.substr(e_pos + 1);
  if (exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exp);
  const std::string_view d(digits, n);

  if (negative) out.push_back('-');
  // orjson (ryu) and msgspec switch to exponent form outside [1e-5, 1e16); Python's repr
  // switches below 1e-4 and pads the exponent: this is not Python's spelling on purpose.
  if (exp < -5 || exp >= 16) {
    out.push_back(d[0]);
    if (n > 1) {
      out.push_back('.');
      out.append(d.substr(1));
    }
    out.push_back('e');
    char eb[8];
    auto [eend, eec] = std::to_chars(eb, eb + sizeof eb, exp);
    out.append(eb, eend);
  } else if (exp < 0) {
    out += "0.";
    out.append(size_t(-exp - 1), '0');
    out += d;
  } else {
    const size_t int_len = size_t(exp) + 1;
    if (n <= int_len) {
      out += d;
      out.append(int_len - n, '0');
      out += ".0";
    } else {
      out.append(d.substr(0, int_len));
      out.push_back('.');
      out.append(d.substr(int_len));
    }
  }
}

}  // namespace aiperf
