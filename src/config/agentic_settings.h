#pragma once
// Agentic replay (workloads-and-endpoints.md §5.4, cli-and-load.md §3.10-§3.12) and the
// --scenario lock (§3.11): how recorded agentic trajectories (weka_trace, tracelab, weka public
// datasets) are replayed as live lanes. The choices where upstream is vague are in docs/agentic.md.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

enum class ArrivalPattern;

struct AgenticSettings {
  bool enabled = false;                 // the agentic_replay timing mode
  double start_min_ratio = 0.25;        // --trajectory-start-min-ratio
  double start_max_ratio = 0.75;        // --trajectory-start-max-ratio
  bool burst_phase_starts = false;      // lanes' first turns at the phase start
  bool end_to_start_delays = false;     // delays run from the previous reply's end
  std::optional<double> system_idle_gap_cap_s;
  std::optional<double> session_arrival_rate;  // open loop of new trajectories
  std::optional<ArrivalPattern> session_arrival_pattern;  // unset: poisson
  std::optional<double> session_arrival_smoothness;
  std::optional<double> cache_warmup_duration_s;  // cache-pressure stage after the priming
  double warmup_grace_s = std::numeric_limits<double>::infinity();
  bool allow_dataset_wrap = false;      // resolved: the flag, or on with --cache-bust
  // AIPERF_GRAPH_WARMUP_MAX_OUTPUT_TOKENS: output cap of the priming and pressure turns.
  int64_t warmup_max_output_tokens = 1;
};

// --scenario (§3.11): the locked recipe's name, whether locks were overridden, and the
// conflicts found (each "--flag: why"); the exports say submission_valid = !overridden.
struct ScenarioSettings {
  std::string name;  // empty: no scenario
  bool unsafe_override = false;
  std::vector<std::string> overridden;  // the lock errors turned into warnings
  bool submission_valid() const { return overridden.empty(); }
};

}  // namespace aiperf
