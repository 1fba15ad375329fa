#include "publish/mlflow_payload.h"

#include <gtest/gtest.h>

#include "publish_fixture.h"

namespace aiperf {
namespace {

double mlp_metric(const MlflowRunData& d, std::string_view key) {
  for (const MlflowMetric& m : d.metrics)
    if (m.key == key) return m.value;
  ADD_FAILURE() << "no metric " << key;
  return -1;
}

bool mlp_has_metric(const MlflowRunData& d, std::string_view key) {
  for (const MlflowMetric& m : d.metrics)
    if (m.key == key) return true;
  return false;
}

std::string mlp_entry(const std::vector<MlflowEntry>& entries, std::string_view key) {
  for (const MlflowEntry& e : entries)
    if (e.key == key) return e.value;
  return "<absent>";
}

TEST(MlflowPayload, MetricsAreAvgAndStatsButNotCountOrSum) {
  testing::FixtureRun f;
  const MlflowRunData d = mlflow_run_data(f.run, MlflowSettings{});
  EXPECT_DOUBLE_EQ(mlp_metric(d, "request_latency"), 200);
  EXPECT_DOUBLE_EQ(mlp_metric(d, "request_latency.p99"), 300);
  EXPECT_DOUBLE_EQ(mlp_metric(d, "request_latency.p1"), 100);
  EXPECT_DOUBLE_EQ(mlp_metric(d, "request_latency.std"), 81.6);
  EXPECT_DOUBLE_EQ(mlp_metric(d, "request_throughput"), 12.5);
  EXPECT_FALSE(mlp_has_metric(d, "request_latency.count"));
  EXPECT_FALSE(mlp_has_metric(d, "request_latency.sum"));
  EXPECT_FALSE(mlp_has_metric(d, "request_latency.avg"));
  EXPECT_DOUBLE_EQ(mlp_metric(d, "aiperf.completed_requests"), 3);
  EXPECT_DOUBLE_EQ(mlp_metric(d, "aiperf.total_expected_requests"), 4);
}

TEST(MlflowPayload, ParamsAndTags) {
  testing::FixtureRun f;
  MlflowSettings s;
  s.tags = {{"team", "perf"}};
  const MlflowRunData d = mlflow_run_data(f.run, s);
  EXPECT_EQ(mlp_entry(d.params, "endpoint.type"), "chat");
  EXPECT_EQ(mlp_entry(d.params, "endpoint.models"), "mock-model");
  EXPECT_EQ(mlp_entry(d.params, "endpoint.urls"), "http://127.0.0.1:8000");
  EXPECT_EQ(mlp_entry(d.params, "timing.mode"), "request_rate");
  EXPECT_EQ(mlp_entry(d.params, "loadgen.concurrency"), "4");
  EXPECT_EQ(mlp_entry(d.params, "loadgen.request_count"), "4");
  EXPECT_EQ(mlp_entry(d.params, "loadgen.request_rate"), "<absent>");
  EXPECT_EQ(mlp_entry(d.params, "aiperf.cli_command"), "aiperf profile -m mock-model");
  EXPECT_EQ(mlp_entry(d.tags, "aiperf.version"), "0.1.0");
  EXPECT_EQ(mlp_entry(d.tags, "aiperf.was_cancelled"), "false");
  EXPECT_EQ(mlp_entry(d.tags, "benchmark_id"), f.run.benchmark_id);
  EXPECT_EQ(mlp_entry(d.tags, "team"), "perf");
}

TEST(MlflowPayload, RunNameDefaultsToTheBenchmarkId) {
  EXPECT_EQ(mlflow_run_name(MlflowSettings{}, "0123456789abcdef"), "aiperf-01234567");
  MlflowSettings named;
  named.run_name = "mine";
  EXPECT_EQ(mlflow_run_name(named, "0123456789abcdef"), "mine");
}

TEST(MlflowPayload, BatchesKeepWithinMlflowLimits) {
  MlflowRunData d;
  for (int i = 0; i < 2500; ++i) d.metrics.push_back({"m" + std::to_string(i), double(i)});
  for (int i = 0; i < 150; ++i) d.params.push_back({"p" + std::to_string(i), "v"});
  for (int i = 0; i < 5; ++i) d.tags.push_back({"t" + std::to_string(i), "v"});
  const auto batches = mlflow_log_batches("run1", d, 42);
  size_t metrics = 0, params = 0, tags = 0;
  for (const auto& b : batches) {
    EXPECT_EQ(b["run_id"], "run1");
    EXPECT_LE(b["metrics"].size(), kMlflowBatchMetrics);
    EXPECT_LE(b["params"].size(), kMlflowBatchParams);
    EXPECT_LE(b["tags"].size(), kMlflowBatchTags);
    EXPECT_LE(b["metrics"].size() + b["params"].size() + b["tags"].size(), kMlflowBatchEntries);
    metrics += b["metrics"].size();
    params += b["params"].size();
    tags += b["tags"].size();
  }
  EXPECT_EQ(metrics, 2500u);
  EXPECT_EQ(params, 150u);
  EXPECT_EQ(tags, 5u);
  EXPECT_EQ(batches.size(), 3u);  // 895 + 950 + 655 metrics: the first two calls also carry params, tags
  EXPECT_EQ(batches[0]["metrics"][0]["timestamp"], 42);
  EXPECT_EQ(batches[0]["metrics"][0]["step"], 0);
}

TEST(MlflowPayload, LongCliCommandIsCutToTheParamLimit) {
  testing::FixtureRun f;
  f.run.cli_command = std::string(7000, 'x');
  const MlflowRunData d = mlflow_run_data(f.run, MlflowSettings{});
  EXPECT_EQ(mlp_entry(d.params, "aiperf.cli_command").size(), kMlflowParamValueLimit);
}

}  // namespace
}  // namespace aiperf
