#pragma once
// Whitespace (std::isspace in the "C" locale: space, \t, \n, \v, \f, \r) cut from both ends.
#include <cctype>
#include <string_view>

namespace aiperf {

inline std::string_view trim_whitespace(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace aiperf
