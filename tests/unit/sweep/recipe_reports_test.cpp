// The grid recipes' reports, on hand-made sweeps whose answers are known.
#include "sweep/recipe_reports.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

SweepCell point(std::vector<std::pair<std::string, std::string>> params, std::vector<std::pair<std::string, double>> metrics) {
  SweepCell c;
  c.parameters = std::move(params);
  c.successful_trials = 1;
  for (const auto& [k, v] : metrics) c.metrics[k] = {{"mean", v}, {"unit", "ms"}};
  return c;
}

TEST(RecipeReports, PolynomialFitsRecoverExactCurves) {
  const auto line = fit_polynomial({1, 2, 3, 4}, {5, 7, 9, 11}, 1);
  ASSERT_TRUE(line);
  EXPECT_NEAR(line->coefficients[0], 3, 1e-9);
  EXPECT_NEAR(line->coefficients[1], 2, 1e-9);
  EXPECT_NEAR(line->r_squared, 1, 1e-12);
  const auto quad = fit_polynomial({0, 1, 2, 3, 4}, {1, 2, 5, 10, 17}, 2);  // 1 + x^2
  ASSERT_TRUE(quad);
  EXPECT_NEAR(quad->coefficients[0], 1, 1e-9);
  EXPECT_NEAR(quad->coefficients[1], 0, 1e-9);
  EXPECT_NEAR(quad->coefficients[2], 1, 1e-9);
  EXPECT_FALSE(fit_polynomial({1}, {1}, 1));
}

TEST(RecipeReports, DegradationKneeIsTheFirstConcurrencyPastTheThreshold) {
  SweepAggregateInput in;
  for (auto [c, v] : std::vector<std::pair<int, double>>{{1, 100}, {2, 105}, {4, 119}, {8, 121}, {16, 300}})
    in.cells.push_back(point({{"concurrency", std::to_string(c)}}, {{"request_latency_p99", v}}));
  RecipeOptions o;  // 20 % over the baseline (100): the first value above 120
  const auto j = degradation_knee(in, o);
  EXPECT_EQ(j["baseline"]["concurrency"], 1);
  EXPECT_EQ(j["knee"]["concurrency"], 8);
  EXPECT_NEAR(j["knee"]["ratio_to_baseline"].get<double>(), 1.21, 1e-12);
}

TEST(RecipeReports, PrefillCurveLinearThenQuadratic) {
  SweepAggregateInput in;
  for (int isl : {256, 512, 1024, 2048}) in.cells.push_back(point({{"isl", std::to_string(isl)}}, {{"time_to_first_token_avg", 10 + 0.05 * isl}}));
  const auto j = prefill_curve(in);
  EXPECT_EQ(j["fit"]["model"], "linear");
  EXPECT_NEAR(j["fit"]["prefill_tokens_per_second"].get<double>(), 20000, 1e-6);
  SweepAggregateInput bent;
  for (int isl : {1, 2, 3, 4, 5, 6})
    bent.cells.push_back(point({{"isl", std::to_string(isl)}}, {{"time_to_first_token_avg", isl % 2 ? 10.0 : 1.0}}));
  // A zigzag: the line fits badly (r² < 0.85), so the quadratic is reported.
  EXPECT_EQ(prefill_curve(bent)["fit"]["model"], "quadratic");
}

TEST(RecipeReports, ParetoSweepPerShape) {
  SweepAggregateInput in;
  auto add = [&](int c, double total, double per_user) {
    in.cells.push_back(point({{"isl", "128"}, {"osl", "16"}, {"concurrency", std::to_string(c)}},
                             {{"output_token_throughput_avg", total}, {"output_token_throughput_per_user_avg", per_user}}));
  };
  add(1, 100, 100);
  add(4, 380, 95);
  add(16, 370, 20);  // dominated by 4
  const auto j = pareto_sweep(in);
  ASSERT_EQ(j["shapes"].size(), 1u);
  EXPECT_EQ(j["shapes"][0]["pareto_concurrencies"], nlohmann::ordered_json::parse("[1, 4]"));
}

}  // namespace
}  // namespace aiperf
