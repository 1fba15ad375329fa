#pragma once
// Reads one OpenAI-style JSON message (an SSE `data` payload or a whole response body)
// for the chat and completions endpoints (workloads-and-endpoints.md §7.4).
#include <optional>
#include <string>

#include "common/error_details.h"
#include "config/profile_config.h"
#include "endpoints/padded_json.h"
#include "endpoints/response_parser.h"

namespace aiperf {

struct OpenAiMessage {
  bool parsed = false;                // valid JSON object
  bool not_json = false;              // the text is not JSON at all
  std::optional<ErrorDetails> error;  // the object had a truthy `error` member
  std::optional<TokenUsage> usage;    // non-empty `usage` object, normalised
  std::optional<SpecDecodeStats> spec_decode;  // root metrics.speculative_decoding (vLLM)
};

// Appends the message's content to `out.text` / `out.reasoning`:
//   chat:        choices[0].delta (streaming) or choices[0].message: content,
//                reasoning_content (falling back to reasoning), tool_calls name+arguments;
//   completions: choices[0].text.
// `json` is parsed where it lies (endpoints/padded_json.h).
// The `object` member is not checked, so servers that omit it still work.
OpenAiMessage read_openai_message(EndpointType type, PaddedJson json, ParsedResponse& out);

}  // namespace aiperf
