// Agentic replay options (cli-and-load.md §3.10-§3.12, workloads-and-endpoints.md §5.4) and the
// --scenario lock (§3.11). The choices where upstream is vague are in docs/agentic.md.
#include "cli/profile_converter.h"

#include <cmath>
#include <iostream>
#include <random>

#include "cli/number_flags.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {

namespace {

// The recorded-history datasets whose trajectories agentic replay can start mid-way.
bool agentic_corpus(const ProfileConfig& c) {
  if (c.input_file)
    return c.custom_dataset_type == CustomDatasetType::weka_trace || c.custom_dataset_type == CustomDatasetType::tracelab;
  if (!c.public_dataset) return false;
  const PublicDatasetInfo* info = find_public_dataset(*c.public_dataset);
  return info && info->kind == PublicDatasetKind::weka_hf;
}

}  // namespace

void ProfileConverter::convert_agentic(ProfileConfig& c, const RawFlags& r) const {
  static const char* const kSelecting[] = {"--trajectory-start-min-ratio", "--trajectory-start-max-ratio",
                                           "--burst-phase-starts",         "--use-end-to-start-delays",
                                           "--system-idle-gap-cap-seconds", "--session-arrival-rate",
                                           "--agentic-cache-warmup-duration", "--agentic-warmup-grace-period"};
  AgenticSettings& a = c.agentic;
  for (const char* flag : kSelecting) a.enabled = a.enabled || given(flag);
  if (given("phases.profiling.timing_mode")) {  // YAML: upstream names the mode
    const std::string mode = r.timing_mode;
    const char* implied = c.user_centric_mode() ? "user_centric_rate"
                          : c.fixed_schedule    ? "fixed_schedule"
                          : c.rate_mode()       ? "request_rate"
                                                : "concurrency";
    if (mode == "agentic_replay")
      a.enabled = true;
    else if (mode != implied)
      throw ConfigError(name("phases.profiling.timing_mode") + " '" + mode + "' does not match the load options, which "
                        "select " + implied + " (agentic_replay is the mode that must be named)");
  }
  a.enabled = a.enabled || !r.scenario.empty();
  c.num_warmup_sessions = int_at_least("--num-warmup-sessions", r.num_warmup_sessions, 1);
  if (c.num_warmup_sessions && c.warmup_request_count)
    throw ConfigError(name("--num-warmup-sessions") + " and " + name("--warmup-request-count") +
                      " are mutually exclusive (cli-and-load.md §4.12)");
  if (given("--allow-dataset-wrap") || given("--no-allow-dataset-wrap"))
    a.allow_dataset_wrap = r.allow_dataset_wrap;
  else
    a.allow_dataset_wrap = c.cache_bust != CacheBust::none;  // every clone then has its own prefix
  if (!a.enabled) {
    for (const char* flag : {"--session-arrival-pattern", "--session-arrival-smoothness"})
      if (given(flag)) throw ConfigError(name(flag) + " requires --session-arrival-rate");
    return;
  }
  auto ratio = [&](const char* flag, const std::string& text, double fallback) {
    const std::optional<double> v = float_at_least(flag, text, 0);
    if (v && *v > 1) throw ConfigError(name(flag) + " must be between 0 and 1 (got " + text + ")");
    return v.value_or(fallback);
  };
  a.start_min_ratio = ratio("--trajectory-start-min-ratio", r.trajectory_start_min, a.start_min_ratio);
  a.start_max_ratio = ratio("--trajectory-start-max-ratio", r.trajectory_start_max, a.start_max_ratio);
  if (a.start_min_ratio > a.start_max_ratio)
    throw ConfigError(name("--trajectory-start-min-ratio") + " " + r.trajectory_start_min +
                      " must be <= --trajectory-start-max-ratio " +
                      (given("--trajectory-start-max-ratio") ? r.trajectory_start_max : std::string("0.75")));
  a.burst_phase_starts = r.burst_phase_starts;
  a.end_to_start_delays = r.end_to_start_delays;
  a.system_idle_gap_cap_s = float_at_least("--system-idle-gap-cap-seconds", r.system_idle_gap_cap, 0);
  a.session_arrival_rate = float_above("--session-arrival-rate", r.session_arrival_rate, 0);
  a.session_arrival_smoothness = float_above("--session-arrival-smoothness", r.session_arrival_smoothness, 0);
  if (given("--session-arrival-pattern")) a.session_arrival_pattern = arrival_pattern("--session-arrival-pattern", r.session_arrival_pattern);
  if (!a.session_arrival_rate)
    for (const char* flag : {"--session-arrival-pattern", "--session-arrival-smoothness"})
      if (given(flag)) throw ConfigError(name(flag) + " requires --session-arrival-rate");
  if (a.session_arrival_smoothness) {
    if (a.session_arrival_pattern && *a.session_arrival_pattern != ArrivalPattern::gamma)
      throw ConfigError(name("--session-arrival-smoothness") + " requires --session-arrival-pattern gamma (got " +
                        arrival_pattern_name(*a.session_arrival_pattern) + ")");
    a.session_arrival_pattern = ArrivalPattern::gamma;
  }
  a.cache_warmup_duration_s = float_above("--agentic-cache-warmup-duration", r.agentic_cache_warmup, 0);
  if (given("--agentic-warmup-grace-period")) {
    a.warmup_grace_s = parse_float_flag(name("--agentic-warmup-grace-period"), r.agentic_warmup_grace, /*allow_inf=*/true);
    require_at_least(name("--agentic-warmup-grace-period"), a.warmup_grace_s, 0.0);
  }
  if (!agentic_corpus(c))
    throw ConfigError("agentic replay (" + std::string(r.scenario.empty() ? "--trajectory-start-*, --burst-phase-starts, "
                                                                            "--session-arrival-rate, ..."
                                                                          : "--scenario " + r.scenario) +
                      ") replays recorded trajectories: give --input-file with --custom-dataset-type weka_trace or "
                      "tracelab, or --public-dataset semianalysis_cc_traces_weka_*");
  // Pacing belongs to the recorded replay (§5.4): another pacing model is refused, not ignored.
  for (const char* flag : {"--request-rate", "--request-rate-series", "--user-centric-rate", "--fixed-schedule",
                           "--warmup-request-rate", "--prefill-concurrency", "--num-shards"})
    if (given(flag)) throw ConfigError(name(flag) + " cannot be combined with agentic replay (docs/agentic.md)");
  if (c.adaptive_scale) throw ConfigError("adaptive_scale cannot be combined with agentic replay (docs/agentic.md)");
  if (c.cache_bust == CacheBust::warmup_isolation_system || c.cache_bust == CacheBust::warmup_isolation_first_turn)
    throw ConfigError(name("--cache-bust") + " " + r.cache_bust +
                      " cannot be combined with agentic replay (its warm-up primes the cache the profiled turns reuse)");
  c.fixed_schedule = false;  // tracelab is auto-promoted otherwise; lanes pace the replay here
}

// cli-and-load.md §3.11, workloads-and-endpoints.md §5.4: inferencex-agentx-mvp's locks. A
// conflict is an error naming the option, or with --unsafe-override a warning, and the run is
// then marked submission_valid: false.
void ProfileConverter::apply_scenario(ProfileConfig& c, const RawFlags& r) const {
  if (r.scenario.empty()) {
    if (r.unsafe_override) throw ConfigError(name("--unsafe-override") + " requires --scenario");
    return;
  }
  if (r.scenario != "inferencex-agentx-mvp")
    throw ConfigError(name("--scenario") + " '" + r.scenario + "' is unknown (the built-in scenario: inferencex-agentx-mvp)");
  ScenarioSettings& s = c.scenario;
  s.name = r.scenario;
  s.unsafe_override = r.unsafe_override;
  std::vector<std::string> conflicts;
  auto conflict = [&](const char* flag, const std::string& why) { conflicts.push_back(name(flag) + ": " + why); };
  for (const char* flag : {"--request-rate", "--request-rate-series", "--user-centric-rate", "--fixed-schedule",
                           "--session-arrival-rate", "--warmup-request-rate"})
    if (given(flag)) conflict(flag, "the scenario paces by agentic replay; rate and schedule options are locked out");
  for (const char* flag : {"--ignore-trace-delays", "--synthesis-max-isl"})
    if (given(flag)) conflict(flag, "the scenario replays every trace whole, with its recorded delays");
  if (given("--trace-idle-gap-cap-seconds") && c.trace_idle_gap_cap_s != 10.0)
    conflict("--trace-idle-gap-cap-seconds", "the scenario locks it to 10");
  if (given("--cache-bust") && c.cache_bust != CacheBust::first_turn_prefix)
    conflict("--cache-bust", "the scenario locks it to first_turn_prefix");
  if (c.benchmark_duration && *c.benchmark_duration < 900)
    conflict("--benchmark-duration", "the scenario needs at least 900 s (default 1800)");
  if (c.extra_inputs.contains("ignore_eos") && c.extra_inputs["ignore_eos"] != true)
    conflict("--extra-inputs", "the scenario sends ignore_eos: true");
  if (!c.input_file && !c.public_dataset)
    conflict("--public-dataset", "the scenario replays a weka corpus: --public-dataset semianalysis_cc_traces_weka_* or "
                                 "--input-file with --custom-dataset-type weka_trace");
  else if (c.input_file && c.custom_dataset_type != CustomDatasetType::weka_trace)
    conflict("--custom-dataset-type", "the scenario replays a weka corpus (weka_trace)");
  else if (c.public_dataset && c.public_dataset->rfind("semianalysis_cc_traces_weka_", 0) != 0 &&
           *c.public_dataset != "weka_hf")
    conflict("--public-dataset", "the scenario replays semianalysis_cc_traces_weka_* or a pinned weka_hf dataset");
  if (!conflicts.empty()) {
    if (!s.unsafe_override) {
      std::string text = "--scenario " + s.name + " locks these options (--unsafe-override turns this into warnings):";
      for (const std::string& line : conflicts) text += "\n  " + line;
      throw ConfigError(text);
    }
    for (const std::string& line : conflicts)
      std::cerr << "aiperf: warning: --unsafe-override: " << line << " (submission_valid: false)\n";
    s.overridden = conflicts;
  }
  // The recipe's values (an overridden conflict keeps the user's value).
  c.streaming = true;
  c.agentic.enabled = true;
  c.agentic.end_to_start_delays = true;
  if (!given("--trace-idle-gap-cap-seconds")) c.trace_idle_gap_cap_s = 10.0;
  if (!given("--cache-bust")) c.cache_bust = CacheBust::first_turn_prefix;
  if (!c.extra_inputs.contains("ignore_eos")) c.extra_inputs["ignore_eos"] = true;
  if (!c.benchmark_duration) c.benchmark_duration = 1800.0;
  // The recipe's start window is [0, 1]; InferenceX's own command narrows it with the ratio
  // flags, so given ratios are kept rather than refused (docs/agentic.md).
  if (!given("--trajectory-start-min-ratio")) c.agentic.start_min_ratio = 0.0;
  if (!given("--trajectory-start-max-ratio")) c.agentic.start_max_ratio = 1.0;
  if (!c.random_seed) c.random_seed = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
  c.agentic.allow_dataset_wrap = true;  // cache bust gives every clone its own prefix
}

}  // namespace aiperf
