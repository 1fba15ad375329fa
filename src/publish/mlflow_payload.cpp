#include "publish/mlflow_payload.h"

#include <cctype>
#include <cmath>

#include "export/artifact_layout.h"

namespace aiperf {
namespace {

// §10.2: the statistics logged beside the average; count and sum are not.
bool is_logged_stat(const std::string& stat) {
  return stat == "min" || stat == "max" || stat == "std" ||
         (stat.size() >= 2 && stat[0] == 'p' && std::isdigit(static_cast<unsigned char>(stat[1])));
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ",") + s;
  return out;
}

void add_param(MlflowRunData& data, std::string key, std::string value) {
  if (value.size() > kMlflowParamValueLimit) value.resize(kMlflowParamValueLimit);
  data.params.push_back({std::move(key), std::move(value)});
}

}  // namespace

std::string mlflow_run_name(const MlflowSettings& settings, const std::string& benchmark_id) {
  return settings.run_name.empty() ? "aiperf-" + benchmark_id.substr(0, 8) : settings.run_name;
}

MlflowRunData mlflow_run_data(const FinishedRun& run, const MlflowSettings& settings) {
  MlflowRunData data;
  for (const SummaryMetric& m : run.metrics) {
    for (const auto& [stat, value] : m.stats) {
      if (!std::isfinite(value)) continue;  // MLflow's JSON has no NaN
      if (stat == "avg")
        data.metrics.push_back({m.tag, value});
      else if (is_logged_stat(stat))
        data.metrics.push_back({m.tag + "." + stat, value});
    }
  }
  if (const SummaryMetric* completed = run.find("request_count"); completed && completed->stat("avg"))
    data.metrics.push_back({"aiperf.completed_requests", *completed->stat("avg")});
  if (run.request_count) data.metrics.push_back({"aiperf.total_expected_requests", double(*run.request_count)});

  add_param(data, "endpoint.type", run.endpoint_type);
  add_param(data, "endpoint.models", join(run.models));
  add_param(data, "endpoint.urls", join(run.urls));
  add_param(data, "timing.mode", run.timing_mode);
  add_param(data, "output.artifact_directory", run.artifact_dir.string());
  if (run.concurrency) add_param(data, "loadgen.concurrency", std::to_string(*run.concurrency));
  if (run.request_rate) add_param(data, "loadgen.request_rate", python_float_repr(*run.request_rate));
  if (run.request_count) add_param(data, "loadgen.request_count", std::to_string(*run.request_count));
  if (run.benchmark_duration_s)
    add_param(data, "loadgen.benchmark_duration", python_float_repr(*run.benchmark_duration_s));
  add_param(data, "aiperf.cli_command", run.cli_command);

  data.tags.push_back({"aiperf.version", run.aiperf_version});
  data.tags.push_back({"aiperf.was_cancelled", run.was_cancelled ? "true" : "false"});
  data.tags.push_back({"benchmark_id", run.benchmark_id});
  for (const auto& [key, value] : settings.tags) data.tags.push_back({key, value});
  return data;
}

std::vector<nlohmann::json> mlflow_log_batches(const std::string& run_id, const MlflowRunData& data,
                                               int64_t timestamp_ms) {
  std::vector<nlohmann::json> batches;
  size_t m = 0, p = 0, t = 0;
  while (m < data.metrics.size() || p < data.params.size() || t < data.tags.size()) {
    nlohmann::json params = nlohmann::json::array(), tags = nlohmann::json::array(), metrics = nlohmann::json::array();
    size_t entries = 0;
    for (; p < data.params.size() && params.size() < kMlflowBatchParams; ++p, ++entries)
      params.push_back({{"key", data.params[p].key}, {"value", data.params[p].value}});
    for (; t < data.tags.size() && tags.size() < kMlflowBatchTags; ++t, ++entries)
      tags.push_back({{"key", data.tags[t].key}, {"value", data.tags[t].value}});
    for (; m < data.metrics.size() && metrics.size() < kMlflowBatchMetrics && entries < kMlflowBatchEntries;
         ++m, ++entries)
      metrics.push_back(
          {{"key", data.metrics[m].key}, {"value", data.metrics[m].value}, {"timestamp", timestamp_ms}, {"step", 0}});
    batches.push_back({{"run_id", run_id}, {"metrics", metrics}, {"params", params}, {"tags", tags}});
  }
  return batches;
}

}  // namespace aiperf
