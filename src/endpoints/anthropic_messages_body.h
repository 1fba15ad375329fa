#pragma once
// Anthropic Messages API request bodies (workloads-and-endpoints.md §7.3 "messages").
#include <cstdint>

#include <nlohmann/json.hpp>

namespace aiperf {

// Upstream's default when a turn sets no output length; Anthropic requires the field.
inline constexpr int64_t kAnthropicDefaultMaxTokens = 1024;

// Rewrites a chat-shaped body (history included) into Anthropic's: leading system messages
// move to `system` (the API has no system role), the max-tokens field becomes `max_tokens`
// (always present), and `stream` is only sent when true, as upstream does.
nlohmann::ordered_json anthropic_body_from_chat(nlohmann::ordered_json chat);

}  // namespace aiperf
