#pragma once
// Readers shared by the vendor payload parsers (defined in openai_message.cpp, where the
// OpenAI ones live): usage normalisation, in-payload error objects and string members.
#include <optional>
#include <string_view>

#include <simdjson.h>

#include "common/error_details.h"
#include "endpoints/response_parser.h"

namespace aiperf {

// A non-empty usage object, vendor spellings normalised (workloads-and-endpoints.md §7.4).
std::optional<TokenUsage> read_token_usage(simdjson::dom::element usage);

// An error object or string as upstream reports it: code = error.code when it is an HTTP error
// status, else 502; message = error.message.
ErrorDetails read_payload_error(simdjson::dom::element error);

// Python truthiness, which upstream applies to `error` members.
bool payload_truthy(simdjson::dom::element e);

// The string member `key` of `e`, or empty when it is absent or not a string.
std::string_view payload_string(simdjson::dom::element e, const char* key);

}  // namespace aiperf
