#pragma once
// OpenAI Responses API request bodies (workloads-and-endpoints.md §7.3 "responses").
#include <nlohmann/json.hpp>

namespace aiperf {

// Rewrites a chat-shaped body (as the chat endpoint builds it, history included) into the
// Responses API's: messages become `input` items, a leading generated system message becomes
// `instructions`, the max-tokens field becomes `max_output_tokens`. Building chat first keeps
// one place that decides which turns and replies a conversation resends.
nlohmann::ordered_json responses_body_from_chat(nlohmann::ordered_json chat, bool hoist_system);

}  // namespace aiperf
