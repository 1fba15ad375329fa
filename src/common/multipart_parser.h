#pragma once
// Reads a multipart/form-data body (RFC 7578, RFC 2046 §5.1.1) back into its parts: the mock
// server checks what a form endpoint uploaded, and the exports show a form as JSON.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct ParsedFormPart {
  std::string name;
  std::string filename;      // empty: a plain field
  std::string content_type;  // empty: none given
  std::string_view value;    // points into the parsed body
  bool has_filename = false; // `filename=` was present (it may be empty)
};

// The `boundary` parameter of a Content-Type value ("multipart/form-data; boundary=x", quoted
// or not); nullopt when the type is not multipart/form-data or names no boundary.
std::optional<std::string> multipart_boundary_of(std::string_view content_type);

// The parts of `body`, or nullopt with `*error` (when given) saying what is malformed: a
// missing first or closing delimiter, a part without a blank line after its headers, or a part
// without Content-Disposition: form-data and a name. A preamble before the first delimiter
// and an epilogue after the last are ignored, as RFC 2046 requires.
std::optional<std::vector<ParsedFormPart>> parse_multipart_form(std::string_view body, std::string_view boundary,
                                                                std::string* error = nullptr);

}  // namespace aiperf
