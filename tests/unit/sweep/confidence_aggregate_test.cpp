#include "sweep/confidence_aggregate.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sweep_test_values.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

using sweep_test::kT975_1;
using sweep_test::kT975_2;

std::vector<std::string> keys(const nlohmann::ordered_json& j) {
  std::vector<std::string> out;
  for (const auto& item : j.items()) out.push_back(item.key());
  return out;
}

// Three trials as profile_export_aiperf.json writes them, cut down by hand. request_latency's
// p99 is missing in trial 3 (null), adj_x exists only in trial 1, error_request_count is 0
// everywhere; input_config and run_info are not metrics.
ConfidenceAggregateInput three_trials() {
  ConfidenceAggregateInput in;
  const double avg[] = {10, 12, 14};
  const double throughput[] = {2, 3, 4};
  for (int t = 0; t < 3; ++t) {
    json s = {{"schema_version", "1.5"},
              {"aiperf_version", "0.1.0"},
              {"request_latency", {{"unit", "ms"}, {"avg", avg[t]}, {"min", 5}, {"count", 3}, {"sum", 3 * avg[t]}}},
              {"request_throughput", {{"unit", "requests/sec"}, {"avg", throughput[t]}}},
              {"error_request_count", {{"unit", "requests"}, {"avg", 0.0}}},
              {"input_config", {{"endpoint", {{"streaming", true}}}}},
              {"run_info", {{"run_label", "x"}}},
              {"was_cancelled", false}};
    s["request_latency"]["p99"] = t == 2 ? json(nullptr) : json(20.0 + 2 * t);
    if (t == 0) s["adj_x"] = {{"unit", "ms"}, {"p50", 7}};
    char label[16];
    std::snprintf(label, sizeof label, "run_%04d", t + 1);
    in.successful.push_back({label, std::move(s)});
  }
  in.failed.push_back({"run_0004", "benchmark exited with status 1"});
  return in;
}

const AggregatedStat& find(const ConfidenceAggregate& a, const std::string& name) {
  for (const AggregatedStat& s : a.metrics)
    if (s.name == name) return s;
  throw std::runtime_error("no entry " + name);
}

TEST(ConfidenceAggregate, OneEntryPerMetricStatisticSortedByTag) {
  ConfidenceAggregate a = aggregate_confidence(three_trials());
  std::vector<std::string> names;
  for (const AggregatedStat& s : a.metrics) names.push_back(s.name);
  // count and sum are not aggregated; non-metric objects are skipped.
  EXPECT_EQ(names, (std::vector<std::string>{"adj_x_p50", "error_request_count_avg", "request_latency_avg",
                                             "request_latency_min", "request_latency_p99",
                                             "request_throughput_avg"}));
  EXPECT_EQ(a.num_profile_runs, 4);
  EXPECT_EQ(a.num_successful_runs, 3);
  EXPECT_EQ(a.run_labels, (std::vector<std::string>{"run_0001", "run_0002", "run_0003"}));
  ASSERT_EQ(a.failed_runs.size(), 1u);
  EXPECT_EQ(a.failed_runs[0].label, "run_0004");
}

// request_latency avg {10, 12, 14}: mean 12, std 2, se 1.1547005, CI 12 -/+ 4.9682757.
TEST(ConfidenceAggregate, StatisticsAcrossTrials) {
  ConfidenceAggregate a = aggregate_confidence(three_trials());
  const AggregatedStat& lat = find(a, "request_latency_avg");
  EXPECT_EQ(lat.metric_tag, "request_latency");
  EXPECT_EQ(lat.stat, "avg");
  EXPECT_EQ(lat.unit, "ms");
  EXPECT_EQ(lat.ci.n, 3u);
  EXPECT_DOUBLE_EQ(lat.ci.mean, 12);
  EXPECT_DOUBLE_EQ(lat.ci.std, 2);
  EXPECT_NEAR(lat.ci.ci_low, 7.0317243, 2e-6);
  EXPECT_NEAR(lat.ci.ci_high, 16.9682757, 2e-6);
  // p99 {20, 22} (trial 3 has none): mean 21, std sqrt(2), se 1, CI 21 -/+ 12.706205.
  const AggregatedStat& p99 = find(a, "request_latency_p99");
  EXPECT_EQ(p99.ci.n, 2u);
  EXPECT_DOUBLE_EQ(p99.ci.mean, 21);
  EXPECT_NEAR(p99.ci.t_critical, kT975_1, 1e-6);
  EXPECT_NEAR(p99.ci.ci_low, 21 - kT975_1, 1e-6);
  // throughput {2, 3, 4}: std 1, se 0.5773503, half width 2.4841377.
  const AggregatedStat& tput = find(a, "request_throughput_avg");
  EXPECT_EQ(tput.unit, "requests/sec");
  EXPECT_NEAR(tput.ci.ci_low, 0.5158623, 2e-6);
  EXPECT_NEAR(tput.ci.ci_high, 5.4841377, 2e-6);
  EXPECT_NEAR(tput.ci.t_critical, kT975_2, 1e-6);
  // One observation: the value, no spread, no t.
  const AggregatedStat& adj = find(a, "adj_x_p50");
  EXPECT_EQ(adj.ci.n, 1u);
  EXPECT_EQ(adj.ci.mean, 7);
  EXPECT_TRUE(std::isnan(adj.ci.t_critical));
  // Mean 0: cv is infinite.
  EXPECT_TRUE(std::isinf(find(a, "error_request_count_avg").ci.cv));
}

TEST(ConfidenceAggregate, JsonDocument) {
  ConfidenceAggregateInput in = three_trials();
  nlohmann::ordered_json doc = confidence_aggregate_json(aggregate_confidence(in));
  EXPECT_EQ(keys(doc), (std::vector<std::string>{"schema_version", "aiperf_version", "metadata", "metrics"}));
  EXPECT_EQ(doc["schema_version"], "1.0");
  EXPECT_EQ(doc["aiperf_version"], AIPERF_VERSION);
  const auto& meta = doc["metadata"];
  EXPECT_EQ(keys(meta), (std::vector<std::string>{"aggregation_type", "num_profile_runs", "num_successful_runs",
                                                  "failed_runs", "confidence_level", "run_labels"}));
  EXPECT_EQ(meta["aggregation_type"], "confidence");
  EXPECT_EQ(meta["num_profile_runs"], 4);
  EXPECT_EQ(meta["num_successful_runs"], 3);
  EXPECT_EQ(meta["failed_runs"].dump(), R"([{"label":"run_0004","error":"benchmark exited with status 1"}])");
  EXPECT_EQ(meta["confidence_level"], 0.95);
  EXPECT_EQ(meta["run_labels"].dump(), R"(["run_0001","run_0002","run_0003"])");

  const auto& lat = doc["metrics"]["request_latency_avg"];
  EXPECT_EQ(keys(lat), (std::vector<std::string>{"mean", "std", "min", "max", "cv", "se", "ci_low", "ci_high",
                                                 "t_critical", "unit"}));
  EXPECT_EQ(lat["mean"], 12.0);
  EXPECT_EQ(lat["std"], 2.0);
  EXPECT_EQ(lat["min"], 10.0);
  EXPECT_EQ(lat["max"], 14.0);
  EXPECT_NEAR(lat["cv"].get<double>(), 1.0 / 6, 1e-15);
  EXPECT_NEAR(lat["se"].get<double>(), 1.1547005, 1e-7);
  EXPECT_NEAR(lat["t_critical"].get<double>(), kT975_2, 1e-6);
  EXPECT_EQ(lat["unit"], "ms");
  // Non-finite numbers become null.
  EXPECT_TRUE(doc["metrics"]["error_request_count_avg"]["cv"].is_null());
  EXPECT_EQ(doc["metrics"]["error_request_count_avg"]["mean"], 0.0);
  EXPECT_TRUE(doc["metrics"]["adj_x_p50"]["t_critical"].is_null());
  EXPECT_EQ(doc["metrics"]["adj_x_p50"]["ci_low"], 7.0);
  // The document is valid JSON text.
  EXPECT_TRUE(nlohmann::json::accept(doc.dump()));
}

TEST(ConfidenceAggregate, IncompleteOnlyWhenSet) {
  ConfidenceAggregateInput in = three_trials();
  EXPECT_FALSE(confidence_aggregate_json(aggregate_confidence(in))["metadata"].contains("incomplete"));
  in.incomplete = true;
  in.incomplete_reason = "interrupted by SIGINT, 3 of 5 trials ran";
  nlohmann::ordered_json meta = confidence_aggregate_json(aggregate_confidence(in))["metadata"];
  EXPECT_EQ(meta["incomplete"], true);
  EXPECT_EQ(meta["incomplete_reason"], "interrupted by SIGINT, 3 of 5 trials ran");
  EXPECT_EQ(keys(meta).back(), "incomplete_reason");
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find("\r\n", start);
    EXPECT_NE(end, std::string::npos) << "every line ends with CRLF";
    if (end == std::string::npos) break;
    out.push_back(text.substr(start, end - start));
    start = end + 2;
  }
  return out;
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ',')) out.push_back(cell);
  return out;
}

TEST(ConfidenceAggregate, CsvTable) {
  ConfidenceAggregateInput in = three_trials();
  in.incomplete = true;
  in.incomplete_reason = "interrupted, 3 of 5 trials ran";
  ConfidenceAggregate a = aggregate_confidence(in);
  std::vector<std::string> l = lines(confidence_aggregate_csv(a));
  ASSERT_EQ(l.size(), 1 + 6 + 1 + 7u);
  EXPECT_EQ(l[0], "metric,mean,std,min,max,cv,se,ci_low,ci_high,t_critical,unit");
  EXPECT_EQ(l[1], "adj_x_p50,7,0,7,7,0,0,7,7,nan,ms");
  EXPECT_EQ(l[2].substr(0, 42), "error_request_count_avg,0,0,0,0,inf,0,0,0,");
  EXPECT_EQ(l[2].substr(l[2].size() - 9), ",requests");
  EXPECT_EQ(l[4], "request_latency_min,5,0,5,5,0,0,5,5," + cells(l[4])[9] + ",ms");
  // Full precision: every number reads back to the double it came from.
  const AggregatedStat& tput = find(a, "request_throughput_avg");
  std::vector<std::string> c = cells(l[6]);
  ASSERT_EQ(c.size(), 11u);
  EXPECT_EQ(c[0], "request_throughput_avg");
  EXPECT_EQ(std::stod(c[5]), tput.ci.cv);
  EXPECT_EQ(std::stod(c[6]), tput.ci.se);
  EXPECT_EQ(std::stod(c[7]), tput.ci.ci_low);
  EXPECT_EQ(std::stod(c[8]), tput.ci.ci_high);
  EXPECT_EQ(std::stod(c[9]), tput.ci.t_critical);
  EXPECT_EQ(c[10], "requests/sec");
  EXPECT_EQ(l[7], "");
  EXPECT_EQ(l[8], "Aggregation Type,confidence");
  EXPECT_EQ(l[9], "Total Runs,4");
  EXPECT_EQ(l[10], "Successful Runs,3");
  EXPECT_EQ(l[11], "Confidence Level,0.95");
  EXPECT_EQ(l[12], "Run Labels,\"['run_0001', 'run_0002', 'run_0003']\"");
  EXPECT_EQ(l[13], "Incomplete,True");
  EXPECT_EQ(l[14], "Incomplete Reason,\"interrupted, 3 of 5 trials ran\"");
}

TEST(ConfidenceAggregate, FewerThanTwoSuccessfulRunsIsAnError) {
  ConfidenceAggregateInput in = three_trials();
  in.successful.resize(1);
  in.failed.push_back({"run_0005", "timeout"});
  try {
    aggregate_confidence(in);
    FAIL() << "no error";
  } catch (const InsufficientRunsError& e) {
    EXPECT_STREQ(e.what(), "Insufficient successful runs for a confidence aggregate: 1 of 3 succeeded, at least 2 "
                           "are needed");
  }
  in.successful.clear();
  EXPECT_THROW(aggregate_confidence(in), InsufficientRunsError);
}

TEST(ConfidenceAggregate, RefusesABadConfidenceLevel) {
  ConfidenceAggregateInput in = three_trials();
  in.confidence_level = 95;
  EXPECT_THROW(aggregate_confidence(in), std::invalid_argument);
}

TEST(ConfidenceAggregate, ConfidenceLevelReachesTheInterval) {
  ConfidenceAggregateInput in = three_trials();
  in.confidence_level = 0.90;
  ConfidenceAggregate a = aggregate_confidence(in);
  EXPECT_NEAR(find(a, "request_latency_avg").ci.t_critical, 2.919986, 1e-6);  // t(0.95, 2)
  EXPECT_EQ(confidence_aggregate_json(a)["metadata"]["confidence_level"], 0.90);
}

// The recorded summary of tests/fixtures/export_run, twice: every statistic of every metric
// (402 of them) aggregates to itself with no spread.
TEST(ConfidenceAggregate, RealSummaryTwice) {
  std::ifstream f(std::string(AIPERF_TEST_FIXTURES_DIR) + "/export_run/expected/profile_export_aiperf.json");
  ASSERT_TRUE(f) << "fixture missing";
  const json summary = json::parse(f);
  ConfidenceAggregateInput in;
  in.successful = {{"run_0001", summary}, {"run_0002", summary}};
  ConfidenceAggregate a = aggregate_confidence(in);
  EXPECT_EQ(a.metrics.size(), 402u);
  for (const AggregatedStat& s : a.metrics) {
    EXPECT_EQ(s.ci.std, 0) << s.name;
    EXPECT_EQ(s.ci.ci_low, s.ci.mean) << s.name;
    EXPECT_EQ(s.ci.ci_high, s.ci.mean) << s.name;
  }
  const AggregatedStat& ttft = find(a, "time_to_first_token_p99");
  EXPECT_EQ(ttft.unit, "ms");
  EXPECT_EQ(ttft.ci.mean, 49.8);
  EXPECT_NEAR(ttft.ci.t_critical, kT975_1, 1e-6);
  EXPECT_EQ(find(a, "output_sequence_length_max").ci.mean, 6);
  EXPECT_EQ(find(a, "effective_concurrency_std").unit, find(a, "effective_concurrency_avg").unit);
}

}  // namespace
}  // namespace aiperf
