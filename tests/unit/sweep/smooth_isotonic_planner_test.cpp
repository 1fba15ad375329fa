#include "sweep/smooth_isotonic_planner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "sweep_test_values.h"

namespace aiperf {
namespace {

// One-trial probes whose observed value per filter comes from `latency` (one function per filter).
struct Oracle {
  std::vector<SlaFilter> filters;
  std::vector<std::function<double(double)>> observed;

  ProbeResult operator()(double x) const {
    ProbeResult r;
    r.point = {x};
    r.successful_trials = 1;
    bool all = true;
    for (size_t j = 0; j < filters.size(); ++j) {
      double o = observed[j](x);
      const SlaFilter& f = filters[j];
      double margin = (f.op == SlaOp::lt || f.op == SlaOp::le) ? f.threshold - o : o - f.threshold;
      bool pass = f.op == SlaOp::lt   ? o < f.threshold
                  : f.op == SlaOp::le ? o <= f.threshold
                  : f.op == SlaOp::gt ? o > f.threshold
                                      : o >= f.threshold;
      all = all && pass;
      r.observed.push_back(o);
      r.margins.push_back(margin);
    }
    r.feasible = all;
    r.passing_trials = all ? 1 : 0;
    r.objective = x;
    return r;
  }
};

PlannerSettings smooth(SearchDimension dim, std::vector<SlaFilter> filters, int max_iterations = 30) {
  PlannerSettings s;
  s.name = "smooth_isotonic";
  s.dims = {dim};
  s.filters = std::move(filters);
  s.max_iterations = max_iterations;
  return s;
}

std::vector<double> drive(SearchPlanner& planner, const Oracle& oracle) {
  std::vector<double> probed;
  while (auto point = planner.next()) {
    probed.push_back((*point)[0]);
    planner.observe(oracle((*point)[0]));
    if (probed.size() > 200) break;
  }
  return probed;
}

using sweep_test::kTtft;

TEST(SmoothIsotonicPlanner, FindsASmoothRootWithinPrecisionQuickly) {
  // TTFT = 100 + 0.5·x ms, SLA p99 ≤ 600 → margin 500 − 0.5·x, root at x = 1000.
  Oracle oracle{{kTtft}, {[](double x) { return 100 + 0.5 * x; }}};
  SmoothIsotonicPlanner planner(smooth({"phases.profiling.concurrency", 50, 2000, SearchKind::integer}, {kTtft}));
  auto probed = drive(planner, oracle);
  EXPECT_LE(probed.size(), 10u);
  for (double v : probed) EXPECT_EQ(v, std::round(v));
  ASSERT_TRUE(planner.feasible_max());
  EXPECT_LE(std::abs(*planner.feasible_max() - 1000) / 1000, 0.05);
  EXPECT_LE(*planner.feasible_max(), 1000);
  EXPECT_TRUE(planner.convergence_reason() == "estimate_converged" ||
              planner.convergence_reason() == "precision_reached")
      << planner.convergence_reason();
  auto extras = planner.boundary_extras();
  EXPECT_EQ(extras["boundary_type"], "smooth");
  EXPECT_EQ(extras["binding_constraint"], "time_to_first_token:p99:le:600");
  EXPECT_EQ(extras["boundary_ci"]["method"], "bracket");
  EXPECT_EQ(extras["boundary_ci"]["low"], int64_t(*planner.feasible_max()));
  EXPECT_NEAR(extras["boundary_estimate"].get<double>(), 1000, 1);
}

TEST(SmoothIsotonicPlanner, StrictThresholdOnARealDimension) {
  // Request rate 0.5..100, p95 ITL < 40 ms with ITL = 10 + 0.6·rate: root at 50 (excluded).
  SlaFilter itl{"inter_token_latency", "p95", SlaOp::lt, 40};
  Oracle oracle{{itl}, {[](double x) { return 10 + 0.6 * x; }}};
  SmoothIsotonicPlanner planner(smooth({"phases.profiling.request_rate", 0.5, 100, SearchKind::real}, {itl}));
  auto probed = drive(planner, oracle);
  EXPECT_LE(probed.size(), 12u);
  ASSERT_TRUE(planner.feasible_max());
  EXPECT_LT(*planner.feasible_max(), 50);
  EXPECT_GE(*planner.feasible_max(), 50 * 0.95);
}

TEST(SmoothIsotonicPlanner, ConvexLatencyCurve) {
  // A saturating server: TTFT = 100 + 1e5 / (1200 − x) for x < 1200; root at x = 1000.
  Oracle oracle{{kTtft}, {[](double x) { return x < 1199 ? 100 + 1e5 / (1200 - x) : 1e6; }}};
  SmoothIsotonicPlanner planner(smooth({"phases.profiling.concurrency", 10, 1150, SearchKind::integer}, {kTtft}));
  auto probed = drive(planner, oracle);
  EXPECT_LE(probed.size(), 14u);
  ASSERT_TRUE(planner.feasible_max());
  EXPECT_LE(*planner.feasible_max(), 1000);
  EXPECT_GE(*planner.feasible_max(), 950);
  EXPECT_EQ(planner.boundary_extras()["boundary_type"], "smooth");
}

TEST(SmoothIsotonicPlanner, MarksAStepAsACliff) {
  // Fine up to 400, then the server falls over: margin jumps from +100 to −100.
  Oracle oracle{{kTtft}, {[](double x) { return x <= 400 ? 500.0 : 700.0; }}};
  SmoothIsotonicPlanner planner(smooth({"phases.profiling.concurrency", 50, 2000, SearchKind::integer}, {kTtft}));
  drive(planner, oracle);
  ASSERT_TRUE(planner.feasible_max() && planner.infeasible_min());
  EXPECT_EQ(*planner.feasible_max(), 400);
  // Each model root lands about half-way into the gap, so the search narrows like bisection and
  // stops once the estimate settles within 5 % above the last pass.
  EXPECT_LE((*planner.infeasible_min() - 400) / *planner.infeasible_min(), 0.10);
  EXPECT_EQ(planner.boundary_extras()["boundary_type"], "cliff");
}

TEST(SmoothIsotonicPlanner, TheSmallestRootBinds) {
  // TTFT crosses 600 at 1000; the error rate (≤ 1 %) crosses at 700.
  SlaFilter errors{"request_error_rate", "avg", SlaOp::le, 1};
  Oracle oracle{{kTtft, errors}, {[](double x) { return 100 + 0.5 * x; }, [](double x) { return x / 700; }}};
  SmoothIsotonicPlanner planner(
      smooth({"phases.profiling.concurrency", 50, 2000, SearchKind::integer}, {kTtft, errors}));
  drive(planner, oracle);
  ASSERT_TRUE(planner.feasible_max());
  EXPECT_LE(*planner.feasible_max(), 700);
  EXPECT_GE(*planner.feasible_max(), 665);
  EXPECT_EQ(planner.boundary_extras()["binding_constraint"], "request_error_rate:avg:le:1");
}

TEST(SmoothIsotonicPlanner, NoisyMarginsStillConverge) {
  // Deterministic ±15 ms jitter around TTFT = 100 + 0.5·x.
  Oracle oracle{{kTtft}, {[](double x) { return 100 + 0.5 * x + 15 * std::sin(x * 12.9898); }}};
  SmoothIsotonicPlanner planner(smooth({"phases.profiling.concurrency", 50, 2000, SearchKind::integer}, {kTtft}));
  auto probed = drive(planner, oracle);
  EXPECT_LT(probed.size(), 30u);
  ASSERT_TRUE(planner.feasible_max());
  EXPECT_NEAR(*planner.feasible_max(), 1000, 80);
}

TEST(SmoothIsotonicPlanner, NoPassAndNoFailureInRange) {
  SmoothIsotonicPlanner none(smooth({"c", 8, 100, SearchKind::integer}, {kTtft}));
  EXPECT_EQ(drive(none, Oracle{{kTtft}, {[](double) { return 900.0; }}}), (std::vector<double>{8}));
  EXPECT_EQ(none.convergence_reason(), "no_pass_in_range");

  SmoothIsotonicPlanner all(smooth({"c", 8, 100, SearchKind::integer}, {kTtft}));
  EXPECT_EQ(drive(all, Oracle{{kTtft}, {[](double) { return 100.0; }}}), (std::vector<double>{8, 16, 32, 64, 100}));
  EXPECT_EQ(all.convergence_reason(), "no_failure_in_range");
  EXPECT_FALSE(all.boundary_extras().contains("boundary_type"));
}

TEST(SmoothIsotonicPlanner, StopsAtMaxIterations) {
  Oracle oracle{{kTtft}, {[](double x) { return 100 + 0.5 * x; }}};
  SmoothIsotonicPlanner planner(smooth({"c", 50, 2000, SearchKind::integer}, {kTtft}, 4));
  EXPECT_EQ(drive(planner, oracle).size(), 4u);
  EXPECT_EQ(planner.convergence_reason(), "max_iterations");
}

}  // namespace
}  // namespace aiperf
