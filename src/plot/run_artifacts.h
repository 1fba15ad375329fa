// Reading one run's artifact directory back: the files `aiperf profile` wrote under their
// default names (profile_export_aiperf.json, profile_export.jsonl, the timeslice CSV, GPU
// telemetry). Plots read only these files, never the live run, so `aiperf plot` on a copied
// directory draws what `--auto-plot` drew.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "plot/request_table.h"

namespace aiperf::plot {

struct RunArtifacts {
  std::filesystem::path dir;
  std::string name;          // the directory's name
  nlohmann::json summary;    // profile_export_aiperf.json; null when absent
  std::optional<RequestTable> requests;  // profile_export.jsonl, profiling phase only
  std::filesystem::path timeslices_json;  // profile_export_aiperf_timeslices.json; empty without timeslices
  std::filesystem::path gpu_telemetry_jsonl;  // empty when the run had no GPU telemetry
};

// The profiling-phase records of a profile_export.jsonl (warm-up lines are skipped). Throws
// std::runtime_error naming the file and line for a line that is not a record.
RequestTable read_request_table(const std::filesystem::path& jsonl);

// `with_requests`: also read profile_export.jsonl (the single-run charts need it, the
// multi-run charts do not). Throws std::runtime_error naming the file when the directory holds
// neither profile_export_aiperf.json nor profile_export.jsonl.
RunArtifacts read_run(const std::filesystem::path& dir, bool with_requests);

// A summary statistic of profile_export_aiperf.json: summary[tag][stat], or nullopt.
std::optional<double> summary_stat(const nlohmann::json& summary, const std::string& tag, const std::string& stat);

}  // namespace aiperf::plot
