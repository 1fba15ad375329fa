#include "export/json_summary.h"

#include <cstdlib>
#include <ctime>
#include <limits>

#include <gtest/gtest.h>

#include "run_summary_fixture.h"

namespace aiperf {
namespace {

std::vector<std::string> keys(const nlohmann::ordered_json& j) {
  std::vector<std::string> out;
  for (const auto& item : j.items()) out.push_back(item.key());
  return out;
}

struct UtcZone {
  UtcZone() {
    setenv("TZ", "UTC", 1);
    tzset();
  }
};

TEST(JsonSummary, TopLevelKeyOrder) {
  UtcZone utc;
  auto doc = summary_json(testing::sample_config(), testing::sample_summary(), testing::sample_info());
  EXPECT_EQ(keys(doc), (std::vector<std::string>{
                           "schema_version", "aiperf_version", "benchmark_id", "request_throughput",
                           "request_latency", "request_count", "time_to_first_token", "output_token_throughput",
                           "output_token_throughput_per_user", "output_sequence_length", "benchmark_duration",
                           "input_config", "run_info", "was_cancelled", "error_summary", "start_time",
                           "end_time", "request_error_rate"}));
  EXPECT_EQ(doc["schema_version"], "1.5");
  EXPECT_EQ(doc["aiperf_version"], AIPERF_VERSION);
  EXPECT_EQ(doc["benchmark_id"], "5f0c1e0d9b4a4c7e8e2f7a51d3c2b1aa");
  EXPECT_EQ(doc["start_time"], "2026-03-02T14:05:11.532001");
  EXPECT_EQ(doc["end_time"], "2026-03-02T14:05:31.845220");
  EXPECT_EQ(doc["was_cancelled"], false);
  EXPECT_EQ(doc["input_config"]["endpoint"]["model_names"][0], "Qwen/Qwen3-0.6B");
}

TEST(JsonSummary, DistributionKeyOrderAndIntegerMinMax) {
  auto doc = summary_json(testing::sample_config(), testing::sample_summary(), testing::sample_info());
  std::vector<std::string> expected{"unit", "avg", "p1",  "p5",  "p10", "p25", "p50",   "p75",
                                    "p90",  "p95", "p99", "min", "max", "std", "count", "sum"};
  EXPECT_EQ(keys(doc["request_latency"]), expected);
  EXPECT_TRUE(doc["request_latency"]["min"].is_number_float());
  EXPECT_TRUE(doc["request_latency"]["count"].is_number_integer());
  const auto& osl = doc["output_sequence_length"];
  EXPECT_TRUE(osl["min"].is_number_integer());
  EXPECT_TRUE(osl["max"].is_number_integer());
  EXPECT_TRUE(osl["sum"].is_number_integer());
  EXPECT_EQ(osl["sum"], 1000);
  EXPECT_TRUE(osl["avg"].is_number_float());
  EXPECT_TRUE(osl["p50"].is_number_float());
}

TEST(JsonSummary, AggregatesCarryOnlyUnitAndFloatAvg) {
  auto doc = summary_json(testing::sample_config(), testing::sample_summary(), testing::sample_info());
  EXPECT_EQ(keys(doc["request_count"]), (std::vector<std::string>{"unit", "avg"}));
  EXPECT_EQ(doc["request_count"]["unit"], "requests");
  EXPECT_EQ(doc["request_count"].dump(), R"({"unit":"requests","avg":4.0})");
}

TEST(JsonSummary, NonFiniteNumbersBecomeNull) {
  RunSummary s;
  MetricResult m = testing::distribution("adj_request_latency", "Adj", "ms", -1, std::nan(""));
  m.sum = std::numeric_limits<double>::infinity();
  s.metrics.push_back(m);
  auto j = summary_json(testing::sample_config(), s, testing::sample_info())["adj_request_latency"];
  EXPECT_TRUE(j["avg"].is_null());
  EXPECT_TRUE(j["sum"].is_null());
}

TEST(JsonSummary, ErrorSummaryShape) {
  auto doc = summary_json(testing::sample_config(), testing::sample_summary(), testing::sample_info());
  EXPECT_EQ(doc["error_summary"].dump(),
            R"([{"error_details":{"code":500,"type":"Internal Server Error","message":"boom"},"count":1234},)"
            R"({"error_details":{"message":"connection reset"},"count":1}])");
  RunSummary clean;
  EXPECT_EQ(summary_json(testing::sample_config(), clean, testing::sample_info())["error_summary"].dump(), "[]");
}

TEST(JsonSummary, RunInfoAndWarmupMetrics) {
  ProfileConfig c = testing::sample_config();
  RunSummary s = testing::sample_summary();
  auto doc = summary_json(c, s, testing::sample_info());
  EXPECT_EQ(doc["run_info"].dump(),
            R"({"benchmark_id":"5f0c1e0d9b4a4c7e8e2f7a51d3c2b1aa","cli_command":")" + c.cli_command + R"("})");
  EXPECT_FALSE(doc.contains("warmup_metrics"));

  c.random_seed = 42;
  s.warmup_metrics.push_back(testing::aggregate("request_count", "Request Count", "requests", 1100, 2));
  doc = summary_json(c, s, testing::sample_info());
  EXPECT_EQ(keys(doc["run_info"]), (std::vector<std::string>{"benchmark_id", "random_seed", "cli_command"}));
  ASSERT_TRUE(doc.contains("warmup_metrics"));
  EXPECT_EQ(doc["warmup_metrics"].dump(), R"({"request_count":{"unit":"requests","avg":2.0}})");
  auto order = keys(doc);
  EXPECT_EQ(*(std::find(order.begin(), order.end(), "end_time") + 1), "warmup_metrics");
}

TEST(JsonSummary, ClientHealthComesLastWithTheVerdictOnTop) {
  RunInfo info = testing::sample_info();
  ClientHealth h;
  WorkerHealth w;
  w.worker_id = "worker_0";
  w.lag_samples = 10;
  w.lag_p99_ms = 12;
  w.window_s = 1;
  w.cpu_utilization = 0.5;
  h.workers = {w};
  judge_client_health(h);
  info.client_health = h;
  auto doc = summary_json(testing::sample_config(), testing::sample_summary(), info);
  auto order = keys(doc);
  ASSERT_GE(order.size(), 2u);
  EXPECT_EQ(order[order.size() - 2], "client_bound");
  EXPECT_EQ(order.back(), "client_health");
  EXPECT_EQ(doc["client_bound"], true);
  EXPECT_EQ(doc["client_health"]["verdict"], "client_bound");
  EXPECT_EQ(doc["client_health"]["thresholds"]["event_loop_lag_p99_ms"], 10.0);
  EXPECT_EQ(doc["client_health"]["workers"][0]["event_loop_lag_ms"]["p99"], 12.0);
  EXPECT_FALSE(doc["client_health"]["workers"][0].contains("runqueue_wait_fraction"));
  EXPECT_FALSE(doc["client_health"].contains("send_lag_p99_ms"));  // closed loop
}

TEST(JsonSummary, PrettyPrintsWithTwoSpaces) {
  nlohmann::ordered_json j = {{"b", 1}, {"a", {{"x", "y"}}}};
  EXPECT_EQ(dump_pretty(j), "{\n  \"b\": 1,\n  \"a\": {\n    \"x\": \"y\"\n  }\n}");
  nlohmann::ordered_json bad = {{"m", std::string("\xff")}};
  EXPECT_EQ(dump_pretty(bad), "{\n  \"m\": \"\xEF\xBF\xBD\"\n}");
}

TEST(LocalIsoTime, MicrosecondsLikePython) {
  UtcZone utc;
  EXPECT_EQ(local_iso_time(1'772'460'331'000'000'000), "2026-03-02T14:05:31");
  EXPECT_EQ(local_iso_time(1'772'460'331'999'999'900), "2026-03-02T14:05:32");
  EXPECT_EQ(local_iso_time(1'772'460'311'532'001'000), "2026-03-02T14:05:11.532001");
}

}  // namespace
}  // namespace aiperf
