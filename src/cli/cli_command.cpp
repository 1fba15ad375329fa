#include "cli/cli_command.h"

#include <cctype>
#include <string_view>

namespace aiperf {
namespace {

constexpr const char* kRedacted = "<redacted>";

bool is_safe_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string_view("@%+=:,./-_").find(c) != std::string_view::npos;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_secret_header_name(std::string name) {
  name = lower(name);
  while (!name.empty() && name.back() == ' ') name.pop_back();
  return name == "authorization" || name == "proxy-authorization" || name == "x-api-key" ||
         name == "api-key";
}

// Keeps the header name so the line still shows which header was sent.
std::string redact_header_item(const std::string& item) {
  auto colon = item.find(':');
  if (item.find('{') != std::string::npos) {
    for (const char* name : {"authorization", "x-api-key", "api-key"})
      if (lower(item).find(name) != std::string::npos) return kRedacted;
    return item;
  }
  if (colon == std::string::npos || !is_secret_header_name(item.substr(0, colon))) return item;
  return item.substr(0, colon) + ":" + kRedacted;
}

bool is_option(const std::string& word) {
  // "-1" and "-.5" are negative numbers given as values, not options.
  return word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1])) &&
         word[1] != '.';
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

std::string reconstruct_cli_command(const std::vector<std::string>& args) {
  std::string line = "aiperf profile";
  std::string current;  // the option whose values follow
  for (const std::string& arg : args) {
    std::string word = arg;
    if (arg.size() > 2 && arg.rfind("-H", 0) == 0) {  // value attached: -HName:Value
      current = "-H";
      word = "-H" + redact_header_item(arg.substr(2));
    } else if (is_option(arg)) {
      auto eq = arg.find('=');
      current = arg.substr(0, eq);
      if (eq != std::string::npos) {
        std::string value = arg.substr(eq + 1);
        if (current == "--api-key") value = kRedacted;
        if (current == "--header" || current == "-H") value = redact_header_item(value);
        word = current + "=" + value;
      }
    } else if (current == "--api-key") {
      word = kRedacted;
    } else if (current == "--header" || current == "-H") {
      word = redact_header_item(arg);
    }
    line += ' ';
    line += shell_quote(word);
  }
  return line;
}

}  // namespace aiperf
