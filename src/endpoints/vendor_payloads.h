#pragma once
// Response payloads of the OpenAI Responses API and Anthropic's Messages API, whole bodies
// and streamed events alike (workloads-and-endpoints.md §7.4). Called by read_openai_message
// after the generic `error` and root `usage` members have been read.
#include <simdjson.h>

#include "endpoints/openai_message.h"

namespace aiperf {

// Whole body: `object == "response"`, walking output[] (reasoning summaries, output_text,
// function_call name + arguments; top-level output_text as a fallback). Streamed events by
// `type`: output_text / reasoning_text / reasoning_summary_text / function_call_arguments
// deltas; response.completed / response.incomplete carry usage; response.failed and `error`
// are errors. Everything else is structural.
void read_responses_api_payload(simdjson::dom::element root, ParsedResponse& out, OpenAiMessage& result);

// Whole body: `type == "message"` content blocks text / thinking / tool_use (name + input JSON).
// Streamed: message_start (message.usage), content_block_delta text_delta / thinking_delta /
// input_json_delta; message_delta's root usage is read by the caller; ping, *_start, *_stop
// carry nothing.
void read_anthropic_payload(simdjson::dom::element root, ParsedResponse& out, OpenAiMessage& result);

// Hugging Face TGI (generate_api_payloads.cpp): a whole body `{"generated_text"}` (or a list
// holding one); a streamed event's `token.text` unless `token.special`; `details` lengths as
// usage; `error` (+ `error_type`) as an error. Called on the document before any other check.
void read_tgi_payload(simdjson::dom::element doc, ParsedResponse& out, OpenAiMessage& result);

// Solido RAG: `content` text, whole body or streamed event alike (`sources` is not text).
void read_solido_rag_payload(simdjson::dom::element root, ParsedResponse& out);

}  // namespace aiperf
