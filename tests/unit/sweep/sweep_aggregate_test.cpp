// The sweep comparison: best configurations, the Pareto set, SLA-filtered selection, the CSV.
#include "sweep/sweep_aggregate.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

SweepCell cell(const std::string& c, double throughput, double ttft_p99, double latency_p99, bool feasible = true) {
  SweepCell x;
  x.name = "concurrency_" + c;
  x.parameters = {{"concurrency", c}};
  x.successful_trials = 1;
  x.metrics["request_throughput_avg"] = {{"mean", throughput}, {"unit", "requests/sec"}};
  x.metrics["time_to_first_token_p99"] = {{"mean", ttft_p99}, {"unit", "ms"}};
  x.metrics["request_latency_p99"] = {{"mean", latency_p99}, {"unit", "ms"}};
  x.feasible = feasible;
  return x;
}

TEST(SweepAggregate, ParetoKeepsTheUndominated) {
  // (throughput, latency): B beats A on both; C and D trade off; E is dominated by D.
  const auto front = pareto_optimal({{10.0, 50.0}, {12.0, 40.0}, {20.0, 80.0}, {30.0, 120.0}, {29.0, 130.0},
                                     {std::nullopt, 1.0}});
  EXPECT_EQ(front, (std::vector<size_t>{1, 2, 3}));
}

TEST(SweepAggregate, BestAndParetoAmongFeasibleCells) {
  SweepAggregateInput in;
  in.sweep_type = "grid";
  in.dimensions = {"concurrency"};
  in.cells = {cell("8", 100, 20, 50), cell("16", 180, 35, 60), cell("32", 250, 90, 95, false)};
  in.sla_filters = {{"time_to_first_token", "p99", SlaOp::le, 60}};
  const nlohmann::ordered_json j = sweep_aggregate_json(in);
  EXPECT_EQ(j["metadata"]["aggregation_type"], "sweep");
  EXPECT_EQ(j["metadata"]["num_combinations"], 3);
  EXPECT_EQ(j["metadata"]["sweep_parameters"][0]["values"], nlohmann::ordered_json::array({8, 16, 32}));
  EXPECT_EQ(j["best_configurations"]["best_throughput"]["parameters"]["concurrency"], 16);  // 32 breaks the SLA
  EXPECT_EQ(j["best_configurations"]["best_throughput"]["metric"], 180.0);
  EXPECT_EQ(j["best_configurations"]["best_latency_p99"]["parameters"]["concurrency"], 8);
  EXPECT_EQ(j["pareto_optimal"], nlohmann::ordered_json::parse(R"([{"concurrency": 8}, {"concurrency": 16}])"));
  EXPECT_EQ(j["metadata"]["sla_filters"][0], "time_to_first_token:p99:le:60");
  in.sla_filters.clear();
  for (SweepCell& c : in.cells) c.feasible.reset();
  const nlohmann::ordered_json all = sweep_aggregate_json(in);
  EXPECT_EQ(all["best_configurations"]["best_throughput"]["parameters"]["concurrency"], 32);
  EXPECT_EQ(all["pareto_optimal"].size(), 3u);
}

TEST(SweepAggregate, CsvHasOneRowPerVariation) {
  SweepAggregateInput in;
  in.dimensions = {"concurrency"};
  in.cells = {cell("8", 100, 20, 50), cell("16", 180, 35, 60)};
  EXPECT_EQ(sweep_aggregate_csv(in),
            "Variation,concurrency,Successful Trials,Failed Trials,request_throughput_avg,time_to_first_token_p99,"
            "request_latency_p99\n"
            "concurrency_8,8,1,0,100,20,50\n"
            "concurrency_16,16,1,0,180,35,60\n");
}

TEST(SweepAggregate, IncompleteIsSaid) {
  SweepAggregateInput in;
  in.incomplete_reason = "interrupted";
  const nlohmann::ordered_json j = sweep_aggregate_json(in);
  EXPECT_EQ(j["metadata"]["incomplete"], true);
  EXPECT_EQ(j["metadata"]["incomplete_reason"], "interrupted");
  EXPECT_TRUE(j["best_configurations"]["best_throughput"].is_null());
}

}  // namespace
}  // namespace aiperf
