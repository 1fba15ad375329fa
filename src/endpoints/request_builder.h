#pragma once
// Builds the JSON request body for one dataset entry (workloads-and-endpoints.md §7.3).
// First turns are built before the benchmark (the hot path only copies the finished bytes);
// later turns of a conversation carry live replies, so a worker builds them at send time.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

std::string build_request_body(const EndpointSettings& config, const DatasetEntry& entry);

// The body of turn `turn` (0-based) of a conversation: the session prompts, every earlier
// user turn followed by the reply it got (`replies[t]`, empty = none), then this turn's text.
// Turns >= 1 are built by the worker when they are sent, with the live replies; chat only.
std::string build_turn_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                            std::span<const std::string> replies);

// Turn `turn` of an agentic / DAG conversation (entry.agentic->turns): `history` (earlier
// messages as comma-joined compact JSON objects, e.g. a forked parent's and this session's
// earlier turns with their live replies) then the turn's own messages; the turn's model,
// max_tokens and tools, --extra-inputs, then the turn's `extra` members last. A conversation
// that does not resend history (message_array_with_responses) sends the turn's list alone.
// `max_tokens_cap` > 0 caps the turn's output (agentic replay's KV-priming warm-up, §5.4).
std::string build_message_turn_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                                    std::string_view history, int64_t max_tokens_cap = 0);

// The history after `turn` of such a conversation has been sent and answered (`reply`: the
// live reply's text, "" = none or failed), in the comma-joined form above.
void append_message_turn_history(std::string& history, const DatasetEntry& entry, uint32_t turn,
                                 std::string_view reply);

// inputs.json is written before the run, when no reply exists yet: turns 2..N as they would
// be sent with the history's user messages only (docs/outputs.md).
std::vector<std::string> preview_later_turn_bodies(const EndpointSettings& config, const DatasetEntry& entry);

// A request ready to send: the exact body bytes, plus the identity the exports need.
struct PreparedRequest {
  std::string conversation_id;
  std::string body;  // compact JSON, sent verbatim: the conversation's first turn
  std::vector<std::string> later_turn_previews = {};  // inputs.json only; see preview_later_turn_bodies
  // Length of each turn's first audio clip (index = turn; absent: none), for audio_duration / rtfx.
  std::vector<std::optional<double>> turn_audio_seconds = {};
  // A deferred prompt (prompt_text.h): `body` and the previews stay empty and the worker builds
  // the first turn's body when it sends it (send_time_bodies gives inputs.json the same bodies).
  bool built_at_send = false;
};

std::vector<PreparedRequest> prepare_requests(const EndpointSettings& config, const Dataset& dataset);

// Every body of a conversation as inputs.json shows it: the first turn's, then the later turns'
// previews.
std::vector<std::string> send_time_bodies(const EndpointSettings& config, const DatasetEntry& entry);

}  // namespace aiperf
