#include "endpoints/transcription_response.h"

#include <simdjson.h>

#include "endpoints/payload_fields.h"

namespace aiperf {

void parse_transcription_body(std::string_view body, int64_t perf_ns, ParsedRecord& out) {
  thread_local simdjson::dom::parser parser;
  const simdjson::padded_string padded(body);
  simdjson::dom::element doc;
  ParsedResponse response;
  response.perf_ns = perf_ns;
  std::string_view text;
  if (parser.parse(padded).get(doc)) {
    response.text = std::string(body);  // text / srt / vtt: not JSON, the body is the transcript
  } else if (!doc.get_string().get(text)) {
    response.text = std::string(text);  // some servers quote a plain-text transcript
  } else if (simdjson::dom::object root; doc.get_object().get(root)) {
    response.text = std::string(body);  // a text transcript that happens to parse ("123", "[Music]" does not)
  } else {
    simdjson::dom::element member;
    if (!root["error"].get(member) && !member.is_null() && !(member.is_bool() && !member.get_bool().value()))
      return;  // like other whole bodies (response_parser.cpp): an error object means no content
    if (!root["usage"].get(member)) out.usage = read_token_usage(member);
    if (!root["text"].get_string().get(text)) response.text = std::string(text);
  }
  if (!response.text.empty()) out.responses.push_back(std::move(response));
}

}  // namespace aiperf
