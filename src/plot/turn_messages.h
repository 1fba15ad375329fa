#pragma once
// `aiperf analyze turn-messages`: a self-contained HTML page (no script, no network) of the input
// messages each turn of a run really sent, read from its raw export (profile_export_raw.jsonl,
// `--export-level raw`): conversations grouped by X-Correlation-ID, turns in order, each message's
// role and its content capped at a number of characters. A later turn that resends the earlier
// history shows only what differs from the turn before it (the rest is named, not repeated).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf::plot {

struct TurnMessagesOptions {
  size_t limit_conversations = 40;  // roots first, then by earliest request
  size_t max_turns = 60;            // per conversation; the rest are counted, not shown
  size_t content_cap = 8000;        // characters kept of each message (UTF-8 safe)
};

struct TurnMessage {
  std::string role;
  std::string content;  // the text, as sent (parts' texts joined; other parts named)
};

struct TurnView {
  uint32_t turn_index = 0;
  int64_t start_ns = 0;
  std::string phase;           // profiling or warmup
  std::string conversation_id;
  int status = 0;              // HTTP status, 0 = none
  std::string error;           // error message, "" = none
  std::vector<TurnMessage> messages;
};

struct ConversationView {
  std::string correlation_id;
  std::string parent_correlation_id;  // a subagent's parent ("" = a root)
  std::vector<TurnView> turns;        // in turn order
};

// The conversations of one raw export, in the viewer's order (roots first, then by their first
// request's start). Throws std::runtime_error naming the file and line for what cannot be read.
std::vector<ConversationView> read_turn_messages(const std::filesystem::path& raw_jsonl);

// The messages of one request body (chat / messages `messages` with Anthropic's `system`,
// responses `instructions` and `input`, completions `prompt`; any other body as one JSON text).
std::vector<TurnMessage> payload_messages(const nlohmann::json& payload);

// The HTML page; `title` names the run.
std::string render_turn_messages_html(const std::vector<ConversationView>& conversations, const std::string& title,
                                      const TurnMessagesOptions& options);

}  // namespace aiperf::plot
