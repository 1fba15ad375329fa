// The multipart/form-data reader (common/multipart_parser.h): the Content-Type value's boundary,
// then the body's parts. Input: the Content-Type value, a newline, then the body.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "common/multipart_parser.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  std::string_view rest = in.rest();
  const size_t newline = rest.find('\n');
  const std::string_view content_type = rest.substr(0, newline);
  const std::string_view body = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);

  const std::optional<std::string> boundary = aiperf::multipart_boundary_of(content_type);
  // Without a usable boundary from the header, the body is still read with a fixed one.
  std::string error;
  const auto parts = aiperf::parse_multipart_form(body, boundary ? *boundary : "b", &error);
  if (!parts) return 0;
  for (const aiperf::ParsedFormPart& part : *parts) {
    // A part's value views into the body.
    if (!part.value.empty() && (part.value.data() < body.data() || part.value.data() + part.value.size() > body.data() + body.size()))
      std::abort();
  }
  return 0;
}
