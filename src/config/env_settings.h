#pragma once
// The AIPERF_* environment settings (cli-and-load.md §6: AIPERF_<SUBSYSTEM>_<SETTING> tunes
// internals, not the benchmark). One table in env_settings.cpp names each variable with its
// type, range, default and meaning; the variables are read and checked together at start-up,
// before any dataset work, and every component takes its value from env_settings() instead of
// reading the environment itself. docs/cli.md lists them.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

inline constexpr uint64_t kDefaultMaxResponseBytes = uint64_t(1) << 30;  // 1 GiB
inline constexpr uint64_t kHighestMaxResponseBytes = UINT32_MAX;        // ResponseChunk offsets
// Records a worker may have handed to the record processor and not yet seen taken, before it
// holds back new sends (AIPERF_RECORD_BACKLOG_LIMIT). The processor drains far faster than this
// fills unless it is starved of CPU; then the load slows, memory stays bounded, and client
// health reports the held time (docs/metrics.md, "Client health").
inline constexpr uint64_t kDefaultRecordBacklogLimit = 8192;
inline constexpr uint64_t kDefaultConsoleExportWidth = 140;

struct EnvSettings {
  // transport
  uint64_t http_max_response_bytes = kDefaultMaxResponseBytes;
  double http_video_poll_interval_s = 0.1;
  bool http_x_session_affinity = true;
  bool http_x_dynamo_session_id = false;
  bool http_x_smg_routing_key = false;
  bool http_x_session_id = false;
  // metrics
  std::string metrics_spill_dir;  // "": $TMPDIR, else /tmp
  uint64_t metrics_spill_samples = uint64_t(1) << 18;
  double metrics_osl_mismatch_pct = 5;
  double metrics_osl_mismatch_max_tokens = 50;
  double metrics_usage_pct_diff = 10;
  bool dev_mode = false;
  bool dev_show_experimental_metrics = false;
  bool dev_show_internal_metrics = false;
  // timing
  double timing_max_catchup_s = 0.01;
  bool dag_fail_fast = false;
  // dataset
  std::string dataset_cache_dir;
  double dataset_tracelab_min_spawn_ms = 10000;
  bool dataset_tracelab_subagent_join = true;
  std::string dataset_baseten_session_column;  // "": provided_session_id
  // telemetry beside the run
  double server_metrics_interval_s = 0.333;
  double gpu_collection_interval_s = 0.333;
  // export and the run itself
  uint64_t ui_console_export_width = kDefaultConsoleExportWidth;
  uint64_t record_backlog_limit = kDefaultRecordBacklogLimit;
};

// One row of the table, for the reference in docs/cli.md and the checks.
struct EnvVariableInfo {
  std::string name;
  std::string accepts;        // "a whole number from 1 to 4294967295", "true or false", ...
  std::string default_value;  // as the reference shows it
  std::string meaning;
};
const std::vector<EnvVariableInfo>& env_variable_reference();

// The value of a variable, or nullopt when it is not set.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;
// This process's environment (tests pass their own lookup instead).
EnvLookup process_environment();

// Every variable of the table read through `lookup` and checked. An empty value is the default.
// The first bad value throws ConfigError "NAME: expected <what it accepts>, got '<text>'".
EnvSettings read_env_settings(const EnvLookup& lookup);

// The settings of this process: read from the environment on first use, or when
// load_env_settings() was last called (the start of every command, so a bad value fails first).
const EnvSettings& env_settings();
void load_env_settings();

// The one boolean rule of every AIPERF_* switch: 1/true/yes/on or 0/false/no/off, in any case;
// anything else throws ConfigError naming the variable.
bool parse_env_switch(std::string_view name, std::string_view text);

// AIPERF_* names set in the environment under a subsystem aiperf-cpp reads (AIPERF_HTTP_,
// AIPERF_METRICS_, ...) that are not in the table: a typo, or an upstream setting this client
// does not have. Each comes with the nearest known name when one is close.
struct UnknownEnvVariable {
  std::string name;
  std::string nearest;  // "" when nothing is close
};
std::vector<UnknownEnvVariable> unknown_env_variables(const std::vector<std::string>& names_set);
// The names of every variable in this process's environment.
std::vector<std::string> environment_names();

}  // namespace aiperf
