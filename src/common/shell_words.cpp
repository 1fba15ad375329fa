#include "common/shell_words.h"

#include <cctype>
#include <string_view>

namespace aiperf {

namespace {

bool is_safe_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("@%+=:,./-_").find(c) != std::string_view::npos;
}

}  // namespace

std::string shell_quote(const std::string& word) {
  if (word.empty()) return "''";
  bool safe = true;
  for (char c : word) safe = safe && is_safe_char(c);
  if (safe) return word;
  std::string out = "'";
  for (char c : word) {
    if (c == '\'')
      out += "'\"'\"'";
    else
      out += c;
  }
  return out + "'";
}

std::string shell_join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += shell_quote(w);
  }
  return out;
}

}  // namespace aiperf
