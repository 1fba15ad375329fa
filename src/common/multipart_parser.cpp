#include "common/multipart_parser.h"

#include <cctype>

namespace aiperf {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Undoes the percent-encoding browsers (and our encoder) apply to quotes and line breaks.
std::string unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      const std::string_view code = s.substr(i + 1, 2);
      if (code == "22") { out += '"'; i += 2; continue; }
      if (code == "0D" || code == "0d") { out += '\r'; i += 2; continue; }
      if (code == "0A" || code == "0a") { out += '\n'; i += 2; continue; }
    }
    out += s[i];
  }
  return out;
}

// Parameters of a header value after its first token: `; key=value` or `; key="value"`.
// Returns the value of `key`, if present.
std::optional<std::string> header_parameter(std::string_view value, std::string_view key) {
  size_t pos = value.find(';');
  while (pos != std::string_view::npos) {
    std::string_view rest = trim(value.substr(pos + 1));
    const size_t eq = rest.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    const std::string_view name = trim(rest.substr(0, eq));
    rest = trim(rest.substr(eq + 1));
    std::string parsed;
    size_t consumed;
    if (!rest.empty() && rest.front() == '"') {
      const size_t close = rest.find('"', 1);
      if (close == std::string_view::npos) return std::nullopt;
      parsed = unescape(rest.substr(1, close - 1));
      consumed = close + 1;
    } else {
      consumed = std::min(rest.find(';'), rest.size());
      parsed = std::string(trim(rest.substr(0, consumed)));
    }
    if (iequals(name, key)) return parsed;
    const size_t next = rest.find(';', consumed);
    if (next == std::string_view::npos) return std::nullopt;
    pos = size_t(rest.data() + next - value.data());
  }
  return std::nullopt;
}

bool fail(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

// One part's headers, up to (not including) the blank line.
bool parse_part_headers(std::string_view headers, ParsedFormPart& part, std::string* error) {
  bool disposition = false;
  while (!headers.empty()) {
    const size_t eol = headers.find("\r\n");
    const std::string_view line = headers.substr(0, eol);
    headers = eol == std::string_view::npos ? std::string_view() : headers.substr(eol + 2);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) return fail(error, "part header without a colon: '" + std::string(line) + "'");
    const std::string_view name = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (iequals(name, "Content-Disposition")) {
      if (!iequals(trim(value.substr(0, value.find(';'))), "form-data"))
        return fail(error, "Content-Disposition is not form-data: '" + std::string(value) + "'");
      std::optional<std::string> field = header_parameter(value, "name");
      if (!field) return fail(error, "Content-Disposition without a name: '" + std::string(value) + "'");
      part.name = std::move(*field);
      if (std::optional<std::string> file = header_parameter(value, "filename")) {
        part.filename = std::move(*file);
        part.has_filename = true;
      }
      disposition = true;
    } else if (iequals(name, "Content-Type")) {
      part.content_type = std::string(value);
    }
  }
  if (!disposition) return fail(error, "part without a Content-Disposition header");
  return true;
}

}  // namespace

std::optional<std::string> multipart_boundary_of(std::string_view content_type) {
  if (!iequals(trim(content_type.substr(0, content_type.find(';'))), "multipart/form-data")) return std::nullopt;
  std::optional<std::string> boundary = header_parameter(content_type, "boundary");
  if (!boundary || boundary->empty() || boundary->size() > 70) return std::nullopt;  // RFC 2046's limit
  return boundary;
}

std::optional<std::vector<ParsedFormPart>> parse_multipart_form(std::string_view body, std::string_view boundary,
                                                                std::string* error) {
  const std::string delimiter = "--" + std::string(boundary);
  // The first delimiter opens the body or follows a preamble's line break.
  size_t pos = body.starts_with(delimiter) ? 0 : body.find("\r\n" + delimiter);
  if (boundary.empty() || pos == std::string_view::npos) {
    fail(error, "no opening boundary delimiter '" + delimiter + "'");
    return std::nullopt;
  }
  if (pos != 0) pos += 2;
  const std::string next_delimiter = "\r\n" + delimiter;
  std::vector<ParsedFormPart> parts;
  while (true) {
    pos += delimiter.size();
    if (body.substr(pos, 2) == "--") return parts;  // the closing delimiter; the epilogue is ignored
    // Transport padding (spaces, tabs) may follow a delimiter before its line break.
    while (pos < body.size() && (body[pos] == ' ' || body[pos] == '\t')) ++pos;
    if (body.substr(pos, 2) != "\r\n") {
      fail(error, "boundary delimiter not followed by CRLF");
      return std::nullopt;
    }
    pos += 2;
    if (body.substr(pos, 2) == "\r\n") {  // no headers at all
      fail(error, "part without a Content-Disposition header");
      return std::nullopt;
    }
    const size_t blank = body.find("\r\n\r\n", pos);
    const size_t headers_end = body.find(next_delimiter, pos);
    if (blank == std::string_view::npos || (headers_end != std::string_view::npos && headers_end < blank)) {
      fail(error, headers_end == std::string_view::npos ? "no closing boundary delimiter '" + delimiter + "--'"
                                                        : "part headers not ended by a blank line");
      return std::nullopt;
    }
    ParsedFormPart part;
    if (!parse_part_headers(body.substr(pos, blank - pos), part, error)) return std::nullopt;
    // An empty value: the delimiter's CRLF is the blank line's second half.
    const size_t end = body.find(next_delimiter, blank + 2);
    if (end == std::string_view::npos) {
      fail(error, "no closing boundary delimiter '" + delimiter + "--'");
      return std::nullopt;
    }
    part.value = end == blank + 2 ? std::string_view() : body.substr(blank + 4, end - blank - 4);
    parts.push_back(std::move(part));
    pos = end + 2;
  }
}

}  // namespace aiperf
