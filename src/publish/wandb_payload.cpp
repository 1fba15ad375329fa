#include "publish/wandb_payload.h"

#include <cmath>

#include "common/sigv4.h"
#include "metrics/metric_catalogue.h"

namespace aiperf {
namespace {

using nlohmann::json;

json number_or_null(std::optional<double> v) { return v && std::isfinite(*v) ? json(*v) : json(nullptr); }

json config_value(json value) { return {{"value", std::move(value)}, {"desc", nullptr}}; }

}  // namespace

std::string wandb_run_id(const FinishedRun& run) { return run.benchmark_id.substr(0, 64); }

std::string wandb_display_name(const WandbSettings& settings, const FinishedRun& run) {
  return settings.run_name.empty() ? "aiperf-" + run.benchmark_id.substr(0, 8) : settings.run_name;
}

std::vector<std::string> wandb_tags(const WandbSettings& settings, const FinishedRun& run) {
  std::vector<std::string> tags{"aiperf-" + run.aiperf_version, "benchmark-" + run.benchmark_id};
  tags.insert(tags.end(), settings.tags.begin(), settings.tags.end());
  return tags;
}

json wandb_config(const FinishedRun& run) {
  json config = json::object();
  config["benchmark_id"] = config_value(run.benchmark_id);
  config["aiperf_version"] = config_value(run.aiperf_version);
  config["endpoint_type"] = config_value(run.endpoint_type);
  config["models"] = config_value(run.models);
  config["urls"] = config_value(run.urls);
  config["timing_mode"] = config_value(run.timing_mode);
  if (run.concurrency) config["concurrency"] = config_value(*run.concurrency);
  if (run.request_rate) config["request_rate"] = config_value(*run.request_rate);
  if (run.request_count) config["request_count"] = config_value(*run.request_count);
  if (run.benchmark_duration_s) config["benchmark_duration"] = config_value(*run.benchmark_duration_s);
  config["cli_command"] = config_value(run.cli_command);
  config["artifact_directory"] = config_value(run.artifact_dir.string());
  return config;
}

json wandb_summary_table(const FinishedRun& run) {
  static const char* const kStats[] = {"avg", "min", "max", "p99", "p90", "p50", "std"};
  json data = json::array();
  for (const SummaryMetric& m : run.metrics) {
    const auto id = metric_by_tag(m.tag);
    if (!id || !metric_info(*id).console) continue;  // the console's rows only
    json row = json::array({std::string(metric_info(*id).header) + (m.unit.empty() ? "" : " (" + m.unit + ")")});
    for (const char* stat : kStats) row.push_back(number_or_null(m.stat(stat)));
    data.push_back(std::move(row));
  }
  return {{"columns", {"Metric", "avg", "min", "max", "p99", "p90", "p50", "std"}}, {"data", data}};
}

WandbTableFile wandb_table_file(const json& table) {
  WandbTableFile file;
  file.content = table.dump();
  const std::string sha = to_hex(sha256(file.content));
  // The W&B client's layout for a logged table: media/table/<key>_<step>_<hash prefix>.table.json.
  file.path = "media/table/summary_metrics_0_" + sha.substr(0, 20) + ".table.json";
  file.reference = {{"_type", "table-file"},
                    {"path", file.path},
                    {"sha256", sha},
                    {"size", file.content.size()},
                    {"ncols", table["columns"].size()},
                    {"nrows", table["data"].size()}};
  return file;
}

json wandb_summary(const FinishedRun& run, const WandbTableFile& table) {
  json summary = json::object();
  for (const SummaryMetric& m : run.metrics) {
    json stats = json::object();
    for (const auto& [stat, value] : m.stats)
      if (std::isfinite(value)) stats[stat] = value;
    summary[m.tag] = std::move(stats);
  }
  summary["summary_metrics"] = table.reference;
  summary["was_cancelled"] = run.was_cancelled;
  summary["benchmark_id"] = run.benchmark_id;
  return summary;
}

json wandb_history_row(const FinishedRun& run, const WandbTableFile& table, double runtime_s, double timestamp_s) {
  json row = {{"_step", 0}, {"_runtime", runtime_s}, {"_timestamp", timestamp_s}};
  for (const SummaryMetric& m : run.metrics)
    if (auto avg = m.stat("avg"); avg && std::isfinite(*avg)) row[m.tag] = *avg;
  row["summary_metrics"] = table.reference;
  return row;
}

}  // namespace aiperf
