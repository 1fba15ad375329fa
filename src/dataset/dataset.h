#pragma once
// The workload: every request the run may send, built in full before the run starts.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// A later turn of a multi-turn conversation (turns 2..N). Holds only the new user text:
// the history (earlier prompts and the live replies) is added when the turn is sent.
struct DatasetTurn {
  std::string prompt;
  int64_t intended_input_tokens = 0;
  std::optional<int64_t> max_tokens;
  double delay_ms = 0;  // think time before this turn, from the previous reply's completion
  // Fixed schedule only: the trace's send time (ms, before schedule zero is subtracted); the
  // turn then goes at that time, or at once when its previous reply came later (§4.3).
  std::optional<double> timestamp_ms;
  std::string role = "user";  // role of this turn's message (multi_turn files may set it)
};

// One conversation. Its first turn's fields are flat (every single-turn reader uses only
// those); `later_turns` holds turns 2..N of a multi-turn conversation.
struct DatasetEntry {
  std::string conversation_id;       // upstream session_id: "session_000000".. if seeded, else UUID
  std::string model;                 // model name to send
  std::string prompt;                // user message text (prefix prompt included)
  // More texts of the first turn (random_pool merging several pools): sent after `prompt` as
  // chat content parts, or as a completions prompt list.
  std::vector<std::string> more_texts;
  int64_t intended_input_tokens = 0; // tokens `prompt` was built to have (prefix + ISL)
  std::optional<int64_t> max_tokens; // requested OSL (sent with --osl or --seq-dist)
  std::optional<std::string> system_message;        // --shared-system-prompt-length
  std::optional<std::string> user_context_message;  // --user-context-prompt-length
  std::vector<DatasetTurn> later_turns;             // --conversation-turn-mean > 1, multi-turn files
  std::string role = "user";                        // role of the first turn's message
  // false: every turn is a complete request on its own (upstream's
  // message_array_with_responses, e.g. bailian_trace): no earlier turns or replies are resent.
  bool resend_history = true;
  // raw_payload / inputs_json (§3.12): every turn's complete body, sent byte for byte; the
  // fields above then stay empty and later_turns only carries the turn count.
  std::vector<std::string> raw_bodies;
  // sagemaker_data_capture (§3.8): the captured request's `messages` and `tools` as compact
  // JSON, sent in place of the built message list; model, stream and max tokens still come
  // from the run's settings (docs/cli.md).
  std::string literal_messages;
  std::string literal_tools;

  uint32_t turn_count() const { return uint32_t(1 + later_turns.size()); }
};

struct Dataset {
  std::vector<DatasetEntry> entries;
};

// Synthetic prompts from --isl/--isl-stddev/--osl/--osl-stddev/--seq-dist, the prefix pool,
// shared system and user-context prompts, --num-dataset-entries and --random-seed.
// Built on one thread from named random streams, so the same seed gives the same dataset
// whatever the worker count.
Dataset build_synthetic_dataset(const ProfileConfig& config, const Tokenizer& tokenizer);

}  // namespace aiperf
