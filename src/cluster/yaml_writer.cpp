#include "cluster/yaml_writer.h"

#include <array>
#include <string_view>

namespace aiperf {

namespace {

using Json = nlohmann::ordered_json;

bool is_reserved_word(std::string_view s) {
  // YAML 1.1 booleans and nulls (any case a reader might accept) and 1.2's special floats.
  static constexpr std::array<std::string_view, 13> words = {"y",   "yes", "n",    "no",  "true", "false", "on",
                                                             "off", "null", ".inf", ".nan", "~",   "-.inf"};
  std::string lower;
  for (char c : s) lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (std::string_view w : words)
    if (lower == w) return true;
  return false;
}

// Letters, digits and `_ . / -`, not starting with a digit, sign or dot (which could read as a
// number, date or special float), and no reserved word: then the plain form is the string.
bool plain_is_string(const std::string& s) {
  if (s.empty() || is_reserved_word(s)) return false;
  const char first = s.front();
  if ((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.') return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '/' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// A literal block keeps every byte when there are no carriage returns or other control
// characters and the first line does not start with a blank (that would need an indentation
// indicator).
bool fits_literal_block(const std::string& s) {
  if (s.find('\n') == std::string::npos || s.front() == ' ' || s.front() == '\t' || s.front() == '\n') return false;
  for (unsigned char c : s)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return false;
  return true;
}

std::string quoted(const std::string& s) { return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string literal_block(const std::string& s, int indent) {
  size_t trailing = 0;
  while (trailing < s.size() && s[s.size() - 1 - trailing] == '\n') ++trailing;
  // Chomping: `|-` no final newline, `|` exactly one, `|+` keeps them all.
  std::string out = trailing == 0 ? "|-" : trailing == 1 ? "|" : "|+";
  const std::string body = s.substr(0, s.size() - trailing);
  const std::string pad(size_t(indent), ' ');
  size_t start = 0;
  while (true) {
    const size_t end = body.find('\n', start);
    const std::string line = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    out += "\n" + (line.empty() ? std::string() : pad + line);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  for (size_t i = 1; i < trailing; ++i) out += "\n";
  return out;
}

std::string scalar_text(const Json& v, int indent) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (plain_is_string(s)) return s;
    if (fits_literal_block(s)) return literal_block(s, indent);
    return quoted(s);
  }
  return v.dump();  // numbers, booleans, null
}

bool is_nested(const Json& v) { return (v.is_object() || v.is_array()) && !v.empty(); }

// A scalar, or an empty collection in flow style.
std::string leaf_text(const Json& v, int indent) {
  if (v.is_object() || v.is_array()) return v.is_object() ? "{}" : "[]";
  return scalar_text(v, indent);
}

std::string key_text(const std::string& key) { return plain_is_string(key) ? key : quoted(key); }

void write_value(std::string& out, const Json& v, int indent);

// `key: value` lines at `indent`; a nested collection starts on the next line.
void write_object(std::string& out, const Json& v, int indent) {
  const std::string pad(size_t(indent), ' ');
  bool first = true;
  for (const auto& [key, value] : v.items()) {
    if (!first) out += pad;
    first = false;
    out += key_text(key) + ":";
    if (is_nested(value)) {
      out += "\n" + std::string(size_t(indent + 2), ' ');
      write_value(out, value, indent + 2);
    } else {
      out += " " + leaf_text(value, indent + 2) + "\n";
    }
  }
}

// `- item` lines at `indent`; a mapping item's first key shares the dash's line.
void write_array(std::string& out, const Json& v, int indent) {
  const std::string pad(size_t(indent), ' ');
  bool first = true;
  for (const Json& item : v) {
    if (!first) out += pad;
    first = false;
    out += "- ";
    if (is_nested(item)) write_value(out, item, indent + 2);
    else out += leaf_text(item, indent + 2) + "\n";
  }
}

// Writes `v` whose first line continues the current one (the caller wrote the indentation).
void write_value(std::string& out, const Json& v, int indent) {
  if (v.is_object() && !v.empty()) write_object(out, v, indent);
  else if (v.is_array() && !v.empty()) write_array(out, v, indent);
  else out += leaf_text(v, indent) + "\n";
}

}  // namespace

std::string yaml_document(const nlohmann::ordered_json& value) {
  std::string out;
  write_value(out, value, 0);
  return out;
}

}  // namespace aiperf
