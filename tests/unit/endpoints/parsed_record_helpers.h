#pragma once
// Shared by the response-parse tests: a whole (non-streaming) body parsed as `type`, and the
// text of a parsed record's responses joined.
#include <string>
#include <string_view>

#include "endpoints/response_parser.h"
#include "raw_record_builder.h"

namespace aiperf::testing {

inline ParsedRecord parse_body(EndpointType type, std::string_view body) {
  return parse_record(type, RawRecordBuilder().start(100).body(250, body).end(260).build());
}

inline std::string text_of(const ParsedRecord& p) {
  std::string s;
  for (const ParsedResponse& r : p.responses) s += r.text;
  return s;
}

}  // namespace aiperf::testing
