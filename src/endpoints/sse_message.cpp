#include "endpoints/sse_message.h"

#include <cstring>

namespace aiperf {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// Position of the first CR or LF. Two memchr passes instead of find_first_of, which
// tests every byte against the set one call at a time (it dominated profiles).
size_t find_line_break(std::string_view s) {
  const void* lf = std::memchr(s.data(), '\n', s.size());
  const size_t limit = lf ? size_t(static_cast<const char*>(lf) - s.data()) : s.size();
  if (const void* cr = std::memchr(s.data(), '\r', limit))
    return size_t(static_cast<const char*>(cr) - s.data());
  return lf ? limit : std::string_view::npos;
}

// Cuts the next line off `rest`; `rest` must be non-empty.
std::string_view take_line(std::string_view& rest) {
  size_t end = find_line_break(rest);
  if (end == std::string_view::npos) {
    std::string_view line = rest;
    rest = {};
    return line;
  }
  std::string_view line = rest.substr(0, end);
  size_t skip = (rest[end] == '\r' && end + 1 < rest.size() && rest[end + 1] == '\n') ? 2 : 1;
  rest.remove_prefix(end + skip);
  return line;
}

// The spec strips exactly one space after the colon, never more.
std::string_view field_value(std::string_view v) {
  if (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  return v;
}

void apply_line(std::string_view line, SseMessage& out) {
  if (line.front() == ':') {
    if (!out.has_comment) {
      out.comment.assign(field_value(line.substr(1)));
      out.has_comment = true;
    }
    return;
  }
  size_t colon = line.find(':');
  std::string_view name = line.substr(0, colon);
  std::string_view value =
      colon == std::string_view::npos ? std::string_view{} : field_value(line.substr(colon + 1));
  if (name == "data") {
    if (out.has_data) out.data.push_back('\n');
    out.data.append(value);
    out.has_data = true;
  } else if (iequals(name, "event")) {
    if (iequals(value, "error")) out.error_event = true;
  }
}

}  // namespace

void SseMessage::clear() {
  data.clear();
  has_data = false;
  error_event = false;
  comment.clear();
  has_comment = false;
  raw = {};
}

SseReader::SseReader(std::string_view bytes) : rest_(bytes) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (rest_.substr(0, kBom.size()) == kBom) rest_.remove_prefix(kBom.size());
}

bool SseReader::next(SseMessage& out) {
  out.clear();
  const char* begin = nullptr;
  const char* end = nullptr;
  while (!rest_.empty()) {
    std::string_view line = take_line(rest_);
    if (line.empty()) {
      if (begin) break;  // blank line after fields: the message is complete
      continue;
    }
    if (!begin) begin = line.data();
    end = line.data() + line.size();
    apply_line(line, out);
  }
  if (!begin) return false;
  out.raw = std::string_view(begin, size_t(end - begin));
  return true;
}

}  // namespace aiperf
