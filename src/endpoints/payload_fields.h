#pragma once
// Readers shared by the vendor payload parsers (defined in openai_message.cpp, where the
// OpenAI ones live): usage normalisation and in-payload error objects.
#include <optional>

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

}  // namespace aiperf
