#pragma once
// The workload: every request the run may send, built in full before the run starts.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// One single-turn conversation.
struct DatasetEntry {
  std::string conversation_id;       // upstream session_id: "session_000000".. if seeded, else UUID
  std::string model;                 // model name to send
  std::string prompt;                // user message text
  int64_t intended_input_tokens = 0; // ISL the synthesiser aimed for
  std::optional<int64_t> max_tokens; // requested OSL (sent only when --osl given)
};

struct Dataset {
  std::vector<DatasetEntry> entries;
};

// Synthetic prompts from --isl/--isl-stddev/--osl/--osl-stddev/--num-dataset-entries/--random-seed.
Dataset build_synthetic_dataset(const ProfileConfig& config, const Tokenizer& tokenizer);

}  // namespace aiperf
