#include "sweep/search_planner.h"

#include <gtest/gtest.h>

#include <string>

#include "config/profile_config.h"
#include "sweep/bayesian_planner.h"
#include "sweep/grid_planner.h"
#include "sweep/monotonic_sla_planner.h"
#include "sweep/smooth_isotonic_planner.h"
#include "sweep_test_values.h"

namespace aiperf {
namespace {

using sweep_test::kTtft;

PlannerSettings settings(std::string name) {
  PlannerSettings s;
  s.name = std::move(name);
  s.dims = {{"phases.profiling.concurrency", 1, 1000, SearchKind::integer}};
  s.filters = {kTtft};
  s.direction = SearchDirection::maximize;
  s.max_iterations = 30;
  return s;
}

// The ConfigError message for `s`, or "" when it is accepted.
std::string error_of(const PlannerSettings& s) {
  try {
    make_search_planner(s);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(MakeSearchPlanner, NamesAndAliases) {
  EXPECT_NE(dynamic_cast<BayesianPlanner*>(make_search_planner(settings("bayesian")).get()), nullptr);
  EXPECT_NE(dynamic_cast<BayesianPlanner*>(make_search_planner(settings("optuna")).get()), nullptr);
  EXPECT_NE(dynamic_cast<BayesianPlanner*>(make_search_planner(settings("bo")).get()), nullptr);
  EXPECT_NE(dynamic_cast<MonotonicSlaPlanner*>(make_search_planner(settings("monotonic_sla")).get()), nullptr);
  EXPECT_NE(dynamic_cast<MonotonicSlaPlanner*>(make_search_planner(settings("monotonic")).get()), nullptr);
  EXPECT_NE(dynamic_cast<SmoothIsotonicPlanner*>(make_search_planner(settings("smooth_isotonic")).get()), nullptr);
  EXPECT_NE(dynamic_cast<GridPlanner*>(make_search_planner(settings("grid")).get()), nullptr);
}

TEST(MakeSearchPlanner, ErrorsNameTheOption) {
  EXPECT_NE(error_of(settings("tpe")).find("--search-planner: unknown planner 'tpe'"), std::string::npos);

  PlannerSettings s = settings("monotonic_sla");
  s.filters.clear();
  EXPECT_NE(error_of(s).find("--search-sla"), std::string::npos);
  s = settings("monotonic_sla");
  s.dims[0].kind = SearchKind::real;
  EXPECT_NE(error_of(s).find("--search-space phases.profiling.concurrency: the monotonic_sla planner needs an integer"),
            std::string::npos);
  s = settings("smooth_isotonic");
  s.dims.push_back({"phases.profiling.request_rate", 1, 10, SearchKind::real});
  EXPECT_NE(error_of(s).find("--search-space: the smooth_isotonic planner searches exactly one dimension (got 2)"),
            std::string::npos);
  s = settings("smooth_isotonic");
  s.dims[0] = {"phases.profiling.request_rate", 0, 10, SearchKind::real};
  EXPECT_NE(error_of(s).find("must be > 0"), std::string::npos);
  s = settings("bayesian");
  s.direction.reset();
  EXPECT_NE(error_of(s).find("--search-direction"), std::string::npos);
  s = settings("bayesian");
  s.initial_points = 30;
  EXPECT_NE(error_of(s).find("--search-initial-points (30) must be less than --search-max-iterations (30)"),
            std::string::npos);
  s = settings("bayesian");
  s.dims.clear();
  EXPECT_NE(error_of(s).find("--search-space: the search needs at least one dimension"), std::string::npos);
  s = settings("bayesian");
  s.dims[0].lo = 2000;
  EXPECT_NE(error_of(s).find("--search-space phases.profiling.concurrency: lo (2000)"), std::string::npos);
  s = settings("bayesian");
  s.dims[0] = {"c", 1.2, 1.8, SearchKind::integer};
  EXPECT_NE(error_of(s).find("holds no whole number"), std::string::npos);
  s = settings("grid");
  s.dims[0].lo = 0;
  EXPECT_NE(error_of(s).find("log-spaced"), std::string::npos);
  s = settings("monotonic_sla");
  s.max_iterations = 0;
  EXPECT_NE(error_of(s).find("--search-max-iterations"), std::string::npos);
  s = settings("monotonic_sla");
  s.precision = 1.5;
  EXPECT_NE(error_of(s).find("precision"), std::string::npos);
  s = settings("monotonic_sla");
  s.stability_trials = 0;
  EXPECT_NE(error_of(s).find("stability"), std::string::npos);
  EXPECT_EQ(error_of(settings("monotonic_sla")), "");
}

ProbeResult probe(double x, bool feasible, double ttft) {
  ProbeResult r;
  r.point = {x};
  r.successful_trials = 1;
  r.passing_trials = feasible ? 1 : 0;
  r.feasible = feasible;
  r.objective = 3 * x;
  r.observed = {ttft};
  r.margins = {600 - ttft};
  return r;
}

TEST(BoundarySummary, HighestPassAndLowestFailureAboveIt) {
  SearchDimension dim{"phases.profiling.concurrency", 1, 1000, SearchKind::integer};
  std::vector<ProbeResult> iterations = {probe(1, true, 100), probe(2, true, 200),  probe(4, false, 700),
                                         probe(3, true, 500), probe(3, false, 650), probe(8, false, 900)};
  auto summary = boundary_summary(dim, {kTtft}, iterations);
  EXPECT_EQ(summary,
            (nlohmann::ordered_json{{"swept_dim_path", "phases.profiling.concurrency"},
                                    {"feasible_max", {{"value", 3}, {"iteration_idx", 4}, {"objective_value", 9.0}}},
                                    {"infeasible_min",
                                     {{"value", 4},
                                      {"iteration_idx", 3},
                                      {"first_breach",
                                       {{"metric_tag", "time_to_first_token"},
                                        {"stat", "p99"},
                                        {"op", "le"},
                                        {"threshold", 600.0},
                                        {"observed", 700.0}}}}}}));
}

TEST(BoundarySummary, NoPassOrNoFailure) {
  SearchDimension dim{"phases.profiling.concurrency", 1, 1000, SearchKind::integer};
  auto none = boundary_summary(dim, {kTtft}, {probe(1, false, 900)});
  EXPECT_TRUE(none["feasible_max"].is_null());
  EXPECT_EQ(none["infeasible_min"]["value"], 1);
  auto all = boundary_summary(dim, {kTtft}, {probe(1, true, 10), probe(2, true, 10)});
  EXPECT_EQ(all["feasible_max"]["value"], 2);
  EXPECT_TRUE(all["infeasible_min"].is_null());
}

TEST(FirstBreach, MissingValuesAndPerTrialFailures) {
  SlaFilter errors{"request_error_rate", "avg", SlaOp::le, 1};
  ProbeResult r;
  r.observed = {500.0, std::nullopt};
  r.margins = {100.0, std::nullopt};
  EXPECT_EQ(first_breach({kTtft, errors}, r)["metric_tag"], "request_error_rate");
  EXPECT_TRUE(first_breach({kTtft, errors}, r)["observed"].is_null());
  // Every mean passes (each trial failed a different filter): the tightest margin is reported.
  r.observed = {590.0, 0.5};
  r.margins = {10.0, 0.5};
  EXPECT_EQ(first_breach({kTtft, errors}, r)["metric_tag"], "request_error_rate");
  EXPECT_TRUE(first_breach({}, r).is_null());
}

}  // namespace
}  // namespace aiperf
