#pragma once
// The tokenizable text of a request body, as upstream's extract_payload_inputs sees it
// (metrics-and-outputs.md §1.9, workloads-and-endpoints.md §7.6): ISL is counted from the
// exact bytes that were sent, so system prompts and history count too.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "config/profile_config.h"

namespace aiperf {

// chat: the text of every message (string content, or the `text` of each content part);
// completions: `prompt`, a string or a list of strings; embeddings: `input`; rankings: the
// query, then the passages (`passages[].text`, `documents` or `texts`); huggingface_generate:
// `inputs`; solido_rag: the `query` list. Non-empty texts are joined with a
// single space. nullopt when the body is not JSON or holds no text (ISL is then absent).
std::optional<std::string> request_input_text(EndpointType type, std::string_view body);

// The output length the request asked for (upstream's requested_osl): `max_completion_tokens`,
// else `max_tokens` (else `max_output_tokens`, else TGI's `parameters.max_new_tokens`), as sent (so --extra-inputs overrides count). nullopt when neither is a
// positive integer.
std::optional<int64_t> request_max_tokens(std::string_view body);

}  // namespace aiperf
