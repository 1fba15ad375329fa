#pragma once
// Writes the end-of-run artifacts and prints the console report.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "metrics/client_health.h"
#include "metrics/metric_result.h"

namespace aiperf {

struct PreparedRequest;  // endpoints/request_builder.h

struct RunInfo {
  std::string benchmark_id;      // UUID hex, no dashes
  int64_t start_wall_ns = 0;     // profiling start
  int64_t end_wall_ns = 0;       // profiling end
  bool was_cancelled = false;    // interrupted (Ctrl-C) or aborted: results are partial
  std::string incomplete_reason; // empty when complete
  // Open loop: scheduled arrivals of the profiling phase that sent nothing. Never dropped
  // silently: they appear in the console and in run_info of profile_export_aiperf.json.
  uint64_t arrivals_skipped_at_cap = 0;       // every --concurrency slot was taken
  uint64_t arrivals_dropped_catching_up = 0;  // overdue beyond AIPERF_TIMING_MAX_CATCHUP_SECONDS
  // The client's check on itself over the profiling phase; absent when that phase never ran.
  std::optional<ClientHealth> client_health;
  uint64_t arrivals_skipped_at_prefill_cap = 0;  // every --prefill-concurrency slot was taken
  // GPU telemetry (metrics-and-outputs.md §8.6, §6.3): the summary's `telemetry_data` block (null:
  // nothing collected) and the console tables, rendered at the export width ("" = not shown).
  nlohmann::ordered_json telemetry_data;
  std::string telemetry_console;
  std::string telemetry_csv;  // appended to profile_export_aiperf.csv (the GPU table, §7.4)
  // Telemetry files written (server metrics, GPU, network): (footer label, path).
  std::vector<std::pair<std::string, std::filesystem::path>> telemetry_files;
};

// Chooses the artifact directory (cli-and-load.md §3.15, metrics-and-outputs.md §7.1) and
// creates it. Auto-named directories never reuse an existing run's directory (a `-2`, `-3`, …
// suffix is added); an explicit --artifact-dir that already holds a run is a ConfigError.
std::filesystem::path prepare_artifact_dir(const ProfileConfig& config);

// A sharded run's directory: <artifact dir>/shard-<index>. The artifact directory is the one
// named by --artifact-dir, or the auto-named one without a "-2" suffix, so that every shard
// on a shared file system lands beside the others. Refuses a shard directory that already
// holds a run.
std::filesystem::path prepare_shard_artifact_dir(const ProfileConfig& config, int64_t index);

// profile_export_aiperf.json/.csv, profile_export_console.txt, console tables and footer
// (printed to stdout). Returns the list of files written.
std::vector<std::filesystem::path> export_run(const ProfileConfig& config, const RunSummary& summary,
                                              const RunInfo& info,
                                              const std::filesystem::path& artifact_dir);

// inputs.json: every payload that will be sent, grouped by conversation in first-seen order:
// {"data":[{"session_id": <conversation_id>, "payloads":[<body as a JSON object>, ...]}]}.
// Throws std::runtime_error naming the conversation if a body is not JSON.
// `multipart_boundary` set: the bodies are forms, written as JSON objects (docs/outputs.md).
// Requests built at send time (PreparedRequest::built_at_send) get their bodies, the first
// turn's and the later turns' previews, from `built_at_send(index)`, one request at a time.
void write_inputs_json(const std::filesystem::path& path, const std::vector<PreparedRequest>& requests,
                       std::string_view multipart_boundary = {},
                       const std::function<std::vector<std::string>(size_t)>& built_at_send = {});

}  // namespace aiperf
