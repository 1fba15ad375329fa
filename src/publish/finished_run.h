#pragma once
// What the exporters know about a finished run: facts of its configuration (a few, taken from
// the run's settings by publish_run.cpp) and the summary statistics read back from its
// profile_export_aiperf.json. Publishers read the run's files, never the live run, so what they
// send is what the artifacts say.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aiperf {

// One metric of profile_export_aiperf.json: its statistics in file order ("avg" first,
// then p1 ... p99, min, max, std, count, sum as present).
struct SummaryMetric {
  std::string tag, unit;
  std::vector<std::pair<std::string, double>> stats;
  std::optional<double> stat(std::string_view name) const;
};

struct FinishedRun {
  std::filesystem::path artifact_dir;
  std::filesystem::path records_file;  // profile_export.jsonl; empty when the run wrote none
  std::string benchmark_id, aiperf_version, cli_command;
  bool was_cancelled = false;

  std::string endpoint_type;  // "chat", "completions", ... (the --endpoint-type name)
  std::vector<std::string> models;
  std::vector<std::string> urls;  // user-info already replaced: safe to publish
  std::string timing_mode;        // upstream's TimingMode: request_rate, fixed_schedule, user_centric_rate
  std::optional<int64_t> concurrency, request_count;
  std::optional<double> request_rate, benchmark_duration_s;

  std::vector<SummaryMetric> metrics;  // every metric object of the summary, in file order
  const SummaryMetric* find(std::string_view tag) const;
};

// The metric objects of a profile_export_aiperf.json (objects with a "unit" and an "avg").
// Throws std::runtime_error naming the file when it is missing or not JSON.
std::vector<SummaryMetric> read_summary_metrics(const std::filesystem::path& summary_json);

}  // namespace aiperf
