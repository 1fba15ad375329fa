#include "cluster/rendezvous_protocol.h"

#include <charconv>

namespace aiperf {

namespace {

void rv_escape_into(std::string& out, std::string_view word) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : word) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f || c == '%') {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
}

int rv_hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string rv_unescape(std::string_view word) {
  std::string out;
  out.reserve(word.size());
  for (size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '%' && i + 2 < word.size() && rv_hex_digit(word[i + 1]) >= 0 && rv_hex_digit(word[i + 2]) >= 0) {
      out += char(rv_hex_digit(word[i + 1]) * 16 + rv_hex_digit(word[i + 2]));
      i += 2;
    } else {
      out += word[i];
    }
  }
  return out;
}

}  // namespace

std::string rendezvous_line(std::initializer_list<std::string_view> words) {
  std::string out;
  for (const std::string_view w : words) {
    if (!out.empty()) out += ' ';
    rv_escape_into(out, w);
  }
  return out;
}

std::optional<int64_t> RendezvousWords::integer(size_t i) const {
  if (i >= words.size()) return std::nullopt;
  const std::string& w = words[i];
  int64_t v = 0;
  const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  if (ec != std::errc() || p != w.data() + w.size() || w.empty()) return std::nullopt;
  return v;
}

RendezvousWords parse_rendezvous_line(std::string_view line) {
  RendezvousWords parsed;
  size_t begin = 0;
  while (begin <= line.size()) {
    size_t end = line.find(' ', begin);
    if (end == std::string_view::npos) end = line.size();
    parsed.words.push_back(rv_unescape(line.substr(begin, end - begin)));
    begin = end + 1;
  }
  return parsed;
}

}  // namespace aiperf
