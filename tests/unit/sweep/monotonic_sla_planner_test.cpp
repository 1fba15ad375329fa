#include "sweep/monotonic_sla_planner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

namespace aiperf {
namespace {

SearchDimension concurrency(double lo, double hi) {
  return {"phases.profiling.concurrency", lo, hi, SearchKind::integer};
}

PlannerSettings monotonic(double lo, double hi, int stability_trials, int max_iterations = 40) {
  PlannerSettings s;
  s.name = "monotonic_sla";
  s.dims = {concurrency(lo, hi)};
  s.filters = {{"time_to_first_token", "p99", SlaOp::le, 600}};
  s.max_iterations = max_iterations;
  s.stability_trials = stability_trials;
  return s;
}

// A probe whose `trials` successful trials all pass or all fail.
ProbeResult verdict(double x, bool feasible, int trials = 1) {
  ProbeResult r;
  r.point = {x};
  r.successful_trials = trials;
  r.passing_trials = feasible ? trials : 0;
  r.feasible = feasible;
  return r;
}

// Drives the planner to the end; returns the probed values in order.
std::vector<double> drive(SearchPlanner& planner, const std::function<ProbeResult(double)>& oracle,
                          std::vector<bool>* warnings = nullptr) {
  std::vector<double> probed;
  while (auto point = planner.next()) {
    probed.push_back((*point)[0]);
    planner.observe(oracle((*point)[0]));
    if (warnings) warnings->push_back(planner.last_non_monotonic());
    if (probed.size() > 500) break;
  }
  return probed;
}

TEST(MonotonicSlaPlanner, FindsTheLimitWithinPrecision) {
  auto planner = make_search_planner(monotonic(1, 1000, 1));
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 357); });
  // §5.6 exactly: doubling from 1 to the first failure (10 probes), then bisection until
  // gap / infeasible_min < 5 %. The doubling alone costs ⌈log2 357⌉ + 1 probes.
  std::vector<double> expected = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 384, 320, 352, 368};
  EXPECT_EQ(probed, expected);
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
  auto& m = dynamic_cast<MonotonicSlaPlanner&>(*planner);
  ASSERT_TRUE(m.feasible_max() && m.infeasible_min());
  EXPECT_EQ(*m.feasible_max(), 352);
  EXPECT_EQ(*m.infeasible_min(), 368);
  EXPECT_LE(std::abs(352.0 - 357.0) / 357.0, 0.05);
  EXPECT_LT(double(*m.infeasible_min() - *m.feasible_max()) / double(*m.infeasible_min()), 0.05);
}

TEST(MonotonicSlaPlanner, ClampsTheDoublingToHiAndBisectsBelowIt) {
  auto planner = make_search_planner(monotonic(1, 100, 1));
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 90); });
  std::vector<double> expected = {1, 2, 4, 8, 16, 32, 64, 100, 82, 91, 86, 88};
  EXPECT_EQ(probed, expected);
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
}

TEST(MonotonicSlaPlanner, StopsAtAGapOfOne) {
  auto planner = make_search_planner(monotonic(1, 1000, 1));
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 2); });
  EXPECT_EQ(probed, (std::vector<double>{1, 2, 4, 3}));
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
}

TEST(MonotonicSlaPlanner, StabilityAsksEveryValueTwiceWithOneTrialPerIteration) {
  auto planner = make_search_planner(monotonic(1, 1000, 2));
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 357); });
  std::vector<double> once = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 384, 320, 352, 368};
  std::vector<double> twice;
  for (double v : once) twice.insert(twice.end(), {v, v});
  EXPECT_EQ(probed, twice);
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
}

TEST(MonotonicSlaPlanner, StabilityLatchesInOneIterationWithEnoughTrials) {
  auto planner = make_search_planner(monotonic(1, 1000, 2));  // --num-profile-runs 2
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 357, 2); });
  EXPECT_EQ(probed.size(), 14u);
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
}

TEST(MonotonicSlaPlanner, NoPassInRange) {
  auto planner = make_search_planner(monotonic(4, 1000, 1));
  auto probed = drive(*planner, [](double x) { return verdict(x, false); });
  EXPECT_EQ(probed, (std::vector<double>{4}));
  EXPECT_EQ(planner->convergence_reason(), "monotonic_no_pass_in_range");
  EXPECT_FALSE(planner->next());
}

TEST(MonotonicSlaPlanner, NoFailureInRangeProbesHiOnce) {
  auto planner = make_search_planner(monotonic(1, 1000, 1));
  auto probed = drive(*planner, [](double x) { return verdict(x, true); });
  EXPECT_EQ(probed, (std::vector<double>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000}));
  EXPECT_EQ(planner->convergence_reason(), "monotonic_no_failure_in_range");
}

TEST(MonotonicSlaPlanner, NoisyContradictionSetsTheWarningWithoutWideningTheBracket) {
  auto planner = make_search_planner(monotonic(1, 1000, 2));
  int asks_at_384 = 0;
  std::vector<bool> warnings;
  auto probed = drive(
      *planner,
      [&](double x) {
        if (x == 384) return verdict(x, ++asks_at_384 == 2);  // fail, then a noisy pass, then fail
        return verdict(x, x <= 357);
      },
      &warnings);
  ASSERT_EQ(probed.size(), warnings.size());
  int flagged = 0;
  for (size_t i = 0; i < probed.size(); ++i) {
    if (!warnings[i]) continue;
    ++flagged;
    EXPECT_EQ(probed[i], 384);
  }
  EXPECT_EQ(flagged, 2);  // the pass disagrees with the first failure, the last failure with the pass
  EXPECT_EQ(asks_at_384, 3);
  auto& m = dynamic_cast<MonotonicSlaPlanner&>(*planner);
  EXPECT_EQ(*m.feasible_max(), 352);
  EXPECT_EQ(*m.infeasible_min(), 368);
}

TEST(MonotonicSlaPlanner, ConsistentObservationsAreNotFlagged) {
  auto planner = make_search_planner(monotonic(1, 1000, 2));
  std::vector<bool> warnings;
  drive(
      *planner, [](double x) { return verdict(x, x <= 357); }, &warnings);
  for (bool w : warnings) EXPECT_FALSE(w);
}

TEST(MonotonicSlaPlanner, StabilityCountsTrialsAndPassesWin) {
  {  // 2 of 3 trials pass: two agreeing passes latch "feasible"
    auto planner = make_search_planner(monotonic(1, 1000, 2));
    ASSERT_TRUE(planner->next());
    ProbeResult r = verdict(1, true, 3);
    r.passing_trials = 2;
    planner->observe(r);
    EXPECT_FALSE(planner->last_non_monotonic());
    EXPECT_EQ((*planner->next())[0], 2);
  }
  {  // 1 of 3 passes: feasible by §5.6's per-iteration rule, but the two failures agree first
    auto planner = make_search_planner(monotonic(1, 1000, 2));
    ASSERT_TRUE(planner->next());
    ProbeResult r = verdict(1, true, 3);
    r.passing_trials = 1;
    planner->observe(r);
    EXPECT_FALSE(planner->next());
    EXPECT_EQ(planner->convergence_reason(), "monotonic_no_pass_in_range");
  }
  {  // with stability_trials 1 the same observation is feasible (at least one passing trial)
    auto planner = make_search_planner(monotonic(1, 1000, 1));
    ASSERT_TRUE(planner->next());
    ProbeResult r = verdict(1, true, 3);
    r.passing_trials = 1;
    planner->observe(r);
    EXPECT_EQ((*planner->next())[0], 2);
  }
}

TEST(MonotonicSlaPlanner, StopsAtMaxIterations) {
  auto planner = make_search_planner(monotonic(1, 1000, 1, 5));
  auto probed = drive(*planner, [](double x) { return verdict(x, x <= 357); });
  EXPECT_EQ(probed.size(), 5u);
  EXPECT_EQ(planner->convergence_reason(), "max_iterations");
}

TEST(MonotonicSlaPlanner, ATrialWithNoSummaryCountsAsAFailure) {
  auto planner = make_search_planner(monotonic(1, 1000, 1));
  auto probed = drive(*planner, [](double x) {
    ProbeResult r;  // no successful trial: infeasible (§5.6)
    r.point = {x};
    if (x <= 100) r = verdict(x, true);
    return r;
  });
  EXPECT_EQ(probed[7], 128);  // 1..64 pass, 128 fails
  EXPECT_EQ(planner->convergence_reason(), "monotonic_precision_reached");
}

TEST(MonotonicSlaPlanner, NextRepeatsThePendingPoint) {
  auto planner = make_search_planner(monotonic(3, 1000, 1));
  EXPECT_EQ(planner->next(), planner->next());
  EXPECT_EQ((*planner->next())[0], 3);
}

TEST(ExponentialNext, DoublesAndClampsToHi) {
  EXPECT_EQ(exponential_next(3, 1000), 6);
  EXPECT_EQ(exponential_next(600, 1000), 1000);
  EXPECT_EQ(exponential_next(0, 1000), 1);
}

}  // namespace
}  // namespace aiperf
