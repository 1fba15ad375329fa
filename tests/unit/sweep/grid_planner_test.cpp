#include "sweep/grid_planner.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "sweep_test_values.h"

namespace aiperf {
namespace {

const SearchDimension kConcurrency{"phases.profiling.concurrency", 1, 1000, SearchKind::integer};
using sweep_test::kTtft;

ProbeResult probe(double x, double ttft) {
  ProbeResult r;
  r.point = {x};
  r.successful_trials = 1;
  r.feasible = ttft <= 600;
  r.passing_trials = r.feasible ? 1 : 0;
  r.objective = 2 * x;
  r.observed = {ttft};
  r.margins = {600 - ttft};
  return r;
}

TEST(LogGrid, EightValuesOverOneToAThousand) {
  // 10^(3i/7): 1, 2.68, 7.20, 19.31, 51.79, 138.95, 372.76, 1000.
  EXPECT_THAT(log_grid(kConcurrency, 8), ::testing::ElementsAre(1, 3, 7, 19, 52, 139, 373, 1000));
}

TEST(LogGrid, NarrowIntegerRangesLoseDuplicates) {
  // 4^(i/7): 1, 1.22, 1.49, 1.81, 2.21, 2.69, 3.28, 4 → 1, 1, 1, 2, 2, 3, 3, 4.
  SearchDimension narrow{"c", 1, 4, SearchKind::integer};
  EXPECT_THAT(log_grid(narrow, 8), ::testing::ElementsAre(1, 2, 3, 4));
  SearchDimension one{"c", 5, 5, SearchKind::integer};
  EXPECT_THAT(log_grid(one, 8), ::testing::ElementsAre(5));
  SearchDimension real{"r", 1, 100, SearchKind::real};
  auto values = log_grid(real, 3);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_DOUBLE_EQ(values[1], 10);
  // Exactly log-spaced values between whole endpoints are whole or irrational, never x.5, so
  // the half-to-even rule only matters for values computed a hair off; √(2·8) = 4 stays 4.
  EXPECT_THAT(log_grid(SearchDimension{"c", 2, 8, SearchKind::integer}, 3), ::testing::ElementsAre(2, 4, 8));
}

TEST(GridPlanner, ProbesEveryValueInOrderAndReportsTheBreach) {
  PlannerSettings s;
  s.name = "grid";
  s.dims = {kConcurrency};
  s.filters = {kTtft};
  auto planner = make_search_planner(s);
  std::vector<double> probed;
  while (auto point = planner->next()) {
    double x = (*point)[0];
    probed.push_back(x);
    planner->observe(probe(x, 100 + 5 * x));  // crosses 600 at x = 100
  }
  EXPECT_THAT(probed, ::testing::ElementsAre(1, 3, 7, 19, 52, 139, 373, 1000));
  EXPECT_EQ(planner->convergence_reason(), "grid_complete");

  auto report = planner->boundary_extras();  // sla_breach.json
  EXPECT_EQ(report["swept_dim_path"], "phases.profiling.concurrency");
  EXPECT_EQ(report["filters"], nlohmann::ordered_json::array({"time_to_first_token:p99:le:600"}));
  EXPECT_EQ(report["max_passing_concurrency"], 52);
  EXPECT_EQ(report["first_failing_concurrency"], 139);
  EXPECT_EQ(report["breach"], (nlohmann::ordered_json{{"metric_tag", "time_to_first_token"},
                                                      {"stat", "p99"},
                                                      {"op", "le"},
                                                      {"threshold", 600.0},
                                                      {"observed", 795.0}}));
  ASSERT_EQ(report["all_points"].size(), 8u);
  EXPECT_EQ(report["all_points"][4],
            (nlohmann::ordered_json{{"concurrency", 52},
                                    {"feasible", true},
                                    {"objective_value", 104.0},
                                    {"observed", {{"time_to_first_token:p99:le:600", 360.0}}}}));
  EXPECT_EQ(report["monotonicity_check"]["monotonic"], true);
  EXPECT_TRUE(report["monotonicity_check"]["passing_above_first_failure"].empty());
}

TEST(GridPlanner, FlagsPassesAboveTheFirstFailure) {
  std::vector<ProbeResult> probes;
  for (double x : {373.0, 1.0, 3.0, 139.0, 52.0}) probes.push_back(probe(x, x == 52 ? 700 : 100));
  auto report = sla_breach_report(kConcurrency, {kTtft}, probes);
  EXPECT_EQ(report["max_passing_concurrency"], 3);
  EXPECT_EQ(report["first_failing_concurrency"], 52);
  EXPECT_EQ(report["monotonicity_check"]["monotonic"], false);
  EXPECT_EQ(report["monotonicity_check"]["passing_above_first_failure"], nlohmann::ordered_json::array({139, 373}));
  EXPECT_EQ(report["all_points"][0]["concurrency"], 1);  // ascending
}

TEST(GridPlanner, NothingFailsOrNothingPasses) {
  std::vector<ProbeResult> passing = {probe(1, 10), probe(3, 10)};
  auto report = sla_breach_report(kConcurrency, {kTtft}, passing);
  EXPECT_EQ(report["max_passing_concurrency"], 3);
  EXPECT_TRUE(report["first_failing_concurrency"].is_null());
  EXPECT_TRUE(report["breach"].is_null());
  std::vector<ProbeResult> failing = {probe(1, 900)};
  report = sla_breach_report(kConcurrency, {kTtft}, failing);
  EXPECT_TRUE(report["max_passing_concurrency"].is_null());
  EXPECT_EQ(report["first_failing_concurrency"], 1);
}

TEST(GridPlanner, AStepBudgetBelowTheGridStopsAtMaxIterations) {
  PlannerSettings s;
  s.name = "grid";
  s.dims = {kConcurrency};
  s.filters = {kTtft};
  s.max_iterations = 3;
  auto planner = make_search_planner(s);
  int probes = 0;
  while (auto point = planner->next()) {
    planner->observe(probe((*point)[0], 10));
    ++probes;
  }
  EXPECT_EQ(probes, 3);
  EXPECT_EQ(planner->convergence_reason(), "max_iterations");
}

}  // namespace
}  // namespace aiperf
