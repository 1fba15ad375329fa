#pragma once
// `aiperf synthesize agentic-code` (cli-and-load.md §1, §3.9): synthetic multi-turn coding-agent
// sessions written as a Mooncake trace, which `aiperf profile --custom-dataset-type
// mooncake_trace` replays. The model is upstream's agentic-code generator's (docs/synthesize.md):
// each session's prompt is layered for KV-cache reuse, L1 (tools and system prompt, shared by
// every session), L1.5 (a group's repository context, shared within a Zipf-drawn group), L2 (the
// session's own starting context) and L3 (what each later turn adds). Lengths are lognormal from
// a {mean, median, max} each; a session grows turn by turn (input = previous input + previous
// output + new tokens) until it would pass max_prompt_tokens or a reset draw ends it.
// Deterministic for a seed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {

// A positive quantity drawn as lognormal(mu = ln(median), sigma = sqrt(2 ln(mean / median))),
// median and mean scaled by `bias`, then capped at `max`.
struct LognormalSpec {
  double mean = 1;
  double median = 1;
  std::optional<double> max;
  double bias = 1;
};

struct AgenticCodeConfig {
  LognormalSpec new_tokens_per_turn{6000, 6000, 10000, 1.1};
  LognormalSpec generation_length{1000, 1000, 1500};
  // Inter-turn delay (ms): an agentic (fast) or human (slow) component, then capped.
  double agentic_fraction = 0.7;
  LognormalSpec agentic_delay{1, 1, 1};
  LognormalSpec human_delay{1, 1, 1};
  std::optional<double> delay_max;
  // p(reset before a turn) = base * (1 + (scaling - 1) * input / max_prompt_tokens); none: never.
  std::optional<double> reset_base_probability = 0.01;
  double reset_context_scaling = 1.5;
  int64_t max_prompt_tokens = 167000;  // --max-isl
  int64_t block_size = 512;            // tokens per hash_id (replay with --isl-block-size)
  int64_t layer1_tokens = 32000;
  int64_t layer1_5_tokens = 0;
  LognormalSpec layer2{15000, 5000, 30000};
  int64_t num_groups = 1;
  double zipf_alpha = 0.6;
};

// Fields as upstream's config JSON names them (configs/default.json); absent ones keep their
// default. A manifest.json of an earlier run (its "config" member) is read the same way.
// Throws std::invalid_argument naming the field for a value that cannot be used.
AgenticCodeConfig agentic_code_config_from_json(const nlohmann::json& j);
nlohmann::json agentic_code_config_to_json(const AgenticCodeConfig& c);

struct SynthesizedTurn {
  int64_t input_length = 0;   // new input tokens of this turn (turn 0: the whole starting context)
  int64_t output_length = 0;
  std::vector<int64_t> hash_ids;  // one per block_size tokens of the new input
  double delay_ms = 0;            // before this turn, from the previous reply (turn 0: none)
  int64_t context_tokens = 0;     // cumulative input the turn's request carries
};

struct SynthesizedSession {
  std::string session_id;  // "sess-<12 hex>"
  int64_t group_id = 0;
  std::vector<SynthesizedTurn> turns;
  std::string end_reason;  // forced_retire, probabilistic_reset, turn_cap
};

// A session stops after this many turns whatever its draws (a config of tiny turns and no
// reset would otherwise grow one session for a very long time).
inline constexpr size_t kMaxSynthesizedTurns = 1000;

std::vector<SynthesizedSession> synthesize_agentic_code(const AgenticCodeConfig& config, int64_t num_sessions,
                                                         uint64_t seed);

// The sessions as Mooncake trace rows, one a line, sessions one after another: turn 0 with
// "timestamp": 0.0 and its "group_id", later turns with their "delay" (ms).
std::string agentic_code_mooncake_jsonl(const std::vector<SynthesizedSession>& sessions);

}  // namespace aiperf
