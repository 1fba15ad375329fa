#pragma once
// What a finished run logs to Weights & Biases (metrics-and-outputs.md §10.3), as data: the run
// config, tags, the summary_metrics table, the summary and the one history row. wandb_exporter
// sends them with W&B's GraphQL and file_stream APIs.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/telemetry_settings.h"
#include "publish/finished_run.h"

namespace aiperf {

// The run's id in W&B: the benchmark id (W&B ids allow [A-Za-z0-9_-], at most 64), so the
// run's URL names the benchmark and publishing the same artifacts again updates that run.
std::string wandb_run_id(const FinishedRun& run);
// --wandb-run-name, or aiperf-<first 8 characters of the benchmark id> as for MLflow.
std::string wandb_display_name(const WandbSettings& settings, const FinishedRun& run);
// aiperf-<version>, benchmark-<id>, then --wandb-tag values.
std::vector<std::string> wandb_tags(const WandbSettings& settings, const FinishedRun& run);
// W&B's config encoding: {"key": {"value": ..., "desc": null}, ...}.
nlohmann::json wandb_config(const FinishedRun& run);

// The console's columns: Metric, avg, min, max, p99, p90, p50, std; one row per console metric
// ("Time to First Token (ms)"), null where the metric lacks a statistic. A W&B table file.
nlohmann::json wandb_summary_table(const FinishedRun& run);

// The table file's run path and its summary reference ({"_type": "table-file", ...}).
struct WandbTableFile {
  std::string path, content;
  nlohmann::json reference;
};
WandbTableFile wandb_table_file(const nlohmann::json& table);

// wandb-summary.json: every metric as {"avg": ..., "p99": ..., ...} (W&B shows
// request_latency.p99), the run's scalars, and summary_metrics -> the table.
nlohmann::json wandb_summary(const FinishedRun& run, const WandbTableFile& table);
// The run's single wandb-history.jsonl row (step 0): each metric's average and the table.
nlohmann::json wandb_history_row(const FinishedRun& run, const WandbTableFile& table, double runtime_s,
                                 double timestamp_s);

}  // namespace aiperf
