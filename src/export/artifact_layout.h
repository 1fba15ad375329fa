#pragma once
// Where a run's files go: the artifact directory name and the fixed file names inside it
// (metrics-and-outputs.md §7.1, §7.2).
#include <filesystem>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

inline constexpr const char* kSummaryJsonFile = "profile_export_aiperf.json";
inline constexpr const char* kSummaryCsvFile = "profile_export_aiperf.csv";
inline constexpr const char* kConsoleTextFile = "profile_export_console.txt";
inline constexpr const char* kRecordsFile = "profile_export.jsonl";
inline constexpr const char* kRawRecordsFile = "profile_export_raw.jsonl";
inline constexpr const char* kRecordsParquetFile = "profile_export.parquet";
inline constexpr const char* kInputsFile = "inputs.json";
inline constexpr const char* kGpuTelemetryFile = "gpu_telemetry_export.jsonl";
inline constexpr const char* kServerMetricsStem = "server_metrics_export";
inline constexpr const char* kLogFile = "logs/aiperf.log";

// The export file names of one run: the defaults above, or with --profile-export-prefix <stem>
// upstream's v1 names `<stem>.json`, `<stem>.csv`, `<stem>.jsonl`, `<stem>_raw.jsonl`,
// `<stem>_timeslices.json/.csv`, `<stem>_console.txt` (metrics-and-outputs.md §7.2); the steady-state
// exports follow the timeslice ones (`profile_export_aiperf_steady_state.json`, `<stem>_steady_state.json`).
struct ArtifactNames {
  std::string summary_json, summary_csv, console_text, records, raw_records, timeslices_json, timeslices_csv;
  std::string gpu_telemetry;  // `<stem>_gpu_telemetry.jsonl`
  std::string server_metrics;  // `<stem>_server_metrics` + .json/.csv/.jsonl/.parquet
  std::string steady_state_json, steady_state_csv;  // `<stem>_steady_state.json/.csv` (§7.10)
};
ArtifactNames artifact_names(const ProfileConfig& config);

// Marks an auto-named directory as taken by a running benchmark until its summary exists,
// so two runs started together cannot pick the same directory.
inline constexpr const char* kRunClaimFile = ".aiperf_run_claim";

// `<model>[_multi]-openai-<endpoint_type>-<stimulus>`, the sub-directory used when
// --artifact-dir is not given.
std::string auto_artifact_dir_name(const ProfileConfig& config);

// The load part of that name: `concurrency<N>`, `request_rate<R>` (rate mode without a cap) or
// `concurrency<N>-request_rate<R>` (rate capped by --concurrency).
std::string stimulus_name(const ProfileConfig& config);

// A number as Python's repr(float) prints it (`5.0`, `0.25`, `2000.0`), as upstream's names do.
std::string python_float_repr(double v);

}  // namespace aiperf
