#include "cli/request_head_text.h"

#include <cctype>

#include "config/profile_config.h"

namespace aiperf {

bool is_control_byte(unsigned char c) { return c < 0x20 || c == 0x7f; }

bool is_http_token(std::string_view text) {
  if (text.empty()) return false;
  for (char ch : text)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && std::string_view("!#$%&'*+-.^_`|~").find(ch) == std::string_view::npos)
      return false;
  return true;
}

void require_no_control_bytes(std::string_view flag, std::string_view value) {
  for (size_t i = 0; i < value.size(); ++i)
    if (is_control_byte(static_cast<unsigned char>(value[i])))
      throw ConfigError(std::string(flag) + ": contains a control character (byte " + std::to_string(i + 1) +
                        "); it would corrupt the request head");
}

std::string encode_request_target(std::string_view flag, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (is_control_byte(c) || c == ' ')
      throw ConfigError(std::string(flag) + (c == ' ' ? ": contains a space" : ": contains a control character") +
                        " in the path or query; percent-encode it (a space is %20)");
    if (c >= 0x80 || std::string_view("\"<>\\^`{|}").find(ch) != std::string_view::npos) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xf];
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace aiperf
