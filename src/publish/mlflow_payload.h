#pragma once
// What a finished run logs to MLflow (metrics-and-outputs.md §10.2), as data: metrics
// (<tag> = avg, <tag>.<stat>), params and tags, cut into runs/log-batch bodies that keep
// within MLflow's per-call limits. mlflow_exporter.cpp sends them.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/telemetry_settings.h"
#include "publish/finished_run.h"

namespace aiperf {

struct MlflowMetric {
  std::string key;
  double value = 0;
};
struct MlflowEntry {
  std::string key, value;
};

struct MlflowRunData {
  std::vector<MlflowMetric> metrics;
  std::vector<MlflowEntry> params, tags;
};

// MLflow's limits for one runs/log-batch call (its REST API reference).
inline constexpr size_t kMlflowBatchMetrics = 1000, kMlflowBatchParams = 100, kMlflowBatchTags = 100,
                        kMlflowBatchEntries = 1000;
// A param value MLflow stores (longer ones are refused): the CLI command is cut to this.
inline constexpr size_t kMlflowParamValueLimit = 6000;

// --mlflow-run-name, or aiperf-<first 8 characters of the benchmark id>.
std::string mlflow_run_name(const MlflowSettings& settings, const std::string& benchmark_id);

MlflowRunData mlflow_run_data(const FinishedRun& run, const MlflowSettings& settings);

// The log-batch bodies for `run_id`, in order; every metric stamped `timestamp_ms`, step 0.
std::vector<nlohmann::json> mlflow_log_batches(const std::string& run_id, const MlflowRunData& data,
                                               int64_t timestamp_ms);

}  // namespace aiperf
