#pragma once
// One turn of `aiperf chat`: a streamed chat completion sent on a connection of its own, its
// content handed to the caller delta by delta as it arrives, and timed with the profile's own
// pieces (HttpConnection, ResponseReader stamps, SSE and OpenAI message readers), so a chat's
// TTFT and E2E mean what a profile run's do.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/ssl/context.hpp>

#include "transport/endpoint_url.h"

namespace aiperf {

struct ChatTarget {
  EndpointUrl url;                        // .../v1/chat/completions
  std::string api_key;                    // empty = no Authorization header
  boost::asio::ssl::context* tls = nullptr;  // set for https URLs
};

struct ChatTurnResult {
  std::string text;                 // the reply's content, as streamed
  std::optional<int64_t> ttft_ns;   // request written -> first message with content
  int64_t e2e_ns = 0;               // request written -> last byte of the response
  std::optional<int64_t> completion_tokens;  // the server's usage, when it sent one
  std::optional<std::string> error; // one line; the turn failed
};

// Called with each content delta, in arrival order (the reply is printed as it streams).
using ChatTextSink = std::function<void(std::string_view)>;

// `body` is the complete JSON request. Never throws: every failure is `error`.
ChatTurnResult run_chat_turn(const ChatTarget& target, const std::string& body, const ChatTextSink& on_text);

}  // namespace aiperf
