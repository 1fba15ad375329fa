#include "sweep/bayesian_planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <set>
#include <vector>

namespace aiperf {
namespace {

struct Outcome {
  double objective;
  std::vector<double> margins;  // feasible when all ≥ 0
};
using Function = std::function<Outcome(const std::vector<double>&)>;

ProbeResult probe(const std::vector<double>& point, const Outcome& o) {
  ProbeResult r;
  r.point = point;
  r.successful_trials = 1;
  r.feasible = std::all_of(o.margins.begin(), o.margins.end(), [](double m) { return m >= 0; });
  r.passing_trials = r.feasible ? 1 : 0;
  r.objective = o.objective;
  for (double m : o.margins) {
    r.margins.push_back(m);
    r.observed.push_back(-m);
  }
  return r;
}

// Runs the planner to the end; returns the probed points.
std::vector<std::vector<double>> drive(SearchPlanner& planner, const Function& f) {
  std::vector<std::vector<double>> probed;
  while (auto point = planner.next()) {
    probed.push_back(*point);
    planner.observe(probe(*point, f(*point)));
    if (probed.size() > 300) break;
  }
  return probed;
}

PlannerSettings bayesian(std::vector<SearchDimension> dims, size_t filters, SearchDirection direction,
                         int max_iterations, uint64_t seed) {
  PlannerSettings s;
  s.name = "bayesian";
  s.dims = std::move(dims);
  for (size_t j = 0; j < filters; ++j) s.filters.push_back({"request_latency", "avg", SlaOp::le, 350});
  s.direction = direction;
  s.max_iterations = max_iterations;
  s.seed = seed;
  return s;
}

// Throughput = 2·min(x, 300), latency = x ms with SLA ≤ 350: the best feasible throughput is
// 600, reached for x in [300, 350].
const Function kSaturating = [](const std::vector<double>& p) {
  return Outcome{2 * std::min(p[0], 300.0), {350 - p[0]}};
};

TEST(BayesianPlanner, FindsTheConstrainedOptimumIn1D) {
  for (uint64_t seed : {1, 7, 42}) {
    BayesianPlanner planner(bayesian({{"phases.profiling.concurrency", 1, 1000, SearchKind::integer}}, 1,
                                     SearchDirection::maximize, 20, seed));
    auto probed = drive(planner, kSaturating);
    EXPECT_LE(probed.size(), 20u);
    ASSERT_TRUE(planner.best()) << seed;
    EXPECT_GE(planner.best()->objective, 540) << seed;  // within 10 % of 600
    EXPECT_LE(planner.best()->point[0], 350) << seed;
    std::set<double> distinct;
    for (const auto& p : probed) {
      EXPECT_EQ(p[0], std::round(p[0]));
      distinct.insert(p[0]);
    }
    EXPECT_EQ(distinct.size(), probed.size()) << "integer points are never probed twice";
  }
}

TEST(BayesianPlanner, IsDeterministicForASeed) {
  auto run = [](uint64_t seed) {
    BayesianPlanner planner(bayesian({{"c", 1, 1000, SearchKind::integer}, {"r", 0.5, 20, SearchKind::real}}, 1,
                                     SearchDirection::maximize, 12, seed));
    return drive(planner, [](const std::vector<double>& p) {
      return Outcome{std::min(p[0], 300.0) * p[1], {350 - p[0] - 5 * p[1]}};
    });
  };
  auto a = run(5), b = run(5), c = run(6);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

// −((x − 0.3)² + (y − 0.7)²) on [0, 1]²: regret of the best probe against 0.
double quadratic(const std::vector<double>& p) { return -((p[0] - 0.3) * (p[0] - 0.3) + (p[1] - 0.7) * (p[1] - 0.7)); }

TEST(BayesianPlanner, BeatsRandomSearchOnA2DQuadratic) {
  const int budget = 20;
  double bo_regret = 0, random_regret = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    BayesianPlanner planner(bayesian({{"x", 0, 1, SearchKind::real}, {"y", 0, 1, SearchKind::real}}, 0,
                                     SearchDirection::maximize, budget, seed));
    drive(planner, [](const std::vector<double>& p) { return Outcome{quadratic(p), {}}; });
    ASSERT_TRUE(planner.best());
    bo_regret += -planner.best()->objective;

    std::mt19937_64 rng(seed);
    double best = -1e9;
    for (int i = 0; i < budget; ++i) {
      std::vector<double> p = {double(rng() >> 11) * 0x1p-53, double(rng() >> 11) * 0x1p-53};
      best = std::max(best, quadratic(p));
    }
    random_regret += -best;
  }
  EXPECT_LT(bo_regret, random_regret / 4);
  EXPECT_LT(bo_regret / 5, 1e-3);
}

TEST(BayesianPlanner, MinimisesToo) {
  BayesianPlanner planner(bayesian({{"r", 0, 10, SearchKind::real}}, 0, SearchDirection::minimize, 15, 3));
  drive(planner, [](const std::vector<double>& p) { return Outcome{(p[0] - 7) * (p[0] - 7) + 1, {}}; });
  ASSERT_TRUE(planner.best());
  EXPECT_NEAR(planner.best()->point[0], 7, 0.3);
}

TEST(BayesianPlanner, InitialPointsComeFromTheScrambledSobolSequence) {
  PlannerSettings s = bayesian({{"x", 0, 1, SearchKind::real}}, 0, SearchDirection::maximize, 10, 11);
  BayesianPlanner planner(s);
  SobolSequence sobol(1, 11);
  for (int i = 0; i < s.initial_points; ++i) {
    auto point = planner.next();
    ASSERT_TRUE(point);
    EXPECT_DOUBLE_EQ((*point)[0], sobol.next()[0]);
    planner.observe(probe(*point, Outcome{(*point)[0] * 3 + 1, {}}));
  }
}

TEST(BayesianPlanner, ExhaustsASmallIntegerSpace) {
  PlannerSettings s = bayesian({{"c", 1, 6, SearchKind::integer}}, 0, SearchDirection::maximize, 30, 2);
  s.improvement_patience = 100;
  s.plateau_window = 100;
  BayesianPlanner planner(s);
  auto probed = drive(planner, [](const std::vector<double>& p) { return Outcome{std::sin(p[0]) + 2, {}}; });
  EXPECT_EQ(probed.size(), 6u);
  EXPECT_EQ(planner.convergence_reason(), "search_space_exhausted");
}

TEST(BayesianPlanner, StopsOnAPlateau) {
  BayesianPlanner planner(bayesian({{"c", 1, 1000, SearchKind::integer}}, 0, SearchDirection::maximize, 50, 4));
  auto probed = drive(planner, [](const std::vector<double>&) { return Outcome{600, {}}; });
  // Every objective is equal: CV 0 once 8 objectives exist.
  EXPECT_EQ(probed.size(), 8u);
  EXPECT_EQ(planner.convergence_reason(), "plateau");
}

TEST(BayesianPlanner, StopsWithoutImprovement) {
  PlannerSettings s = bayesian({{"c", 1, 1000, SearchKind::integer}}, 0, SearchDirection::maximize, 50, 4);
  s.plateau_window = 100;
  BayesianPlanner planner(s);
  int calls = 0;
  // The first probe is the best there will ever be.
  auto probed = drive(planner, [&](const std::vector<double>&) {
    return Outcome{calls++ == 0 ? 1000.0 : 10.0 - calls * 0.01, {}};
  });
  EXPECT_EQ(probed.size(), 11u);  // the best, then 10 without a better one
  EXPECT_EQ(planner.convergence_reason(), "improvement_patience");
  EXPECT_EQ(planner.best()->iteration, 0);
}

TEST(BayesianPlanner, SeeksFeasibilityWhenNothingIsFeasibleYet) {
  // Feasible only below 60 on [1, 1000]: the Sobol points (500, 750, 250, ...) all fail, then the
  // probability of feasibility pulls the search down; missing margins count as violations.
  PlannerSettings s = bayesian({{"c", 1, 1000, SearchKind::integer}}, 1, SearchDirection::maximize, 20, 9);
  s.initial_points = 3;
  BayesianPlanner planner(s);
  drive(planner, [](const std::vector<double>& p) { return Outcome{p[0], {60 - p[0]}}; });
  ASSERT_TRUE(planner.best());
  EXPECT_GE(planner.best()->objective, 50);
  EXPECT_LE(planner.best()->objective, 60);
}

TEST(BayesianPlanner, MaxIterations) {
  BayesianPlanner planner(bayesian({{"c", 1, 1000, SearchKind::integer}}, 1, SearchDirection::maximize, 7, 1));
  EXPECT_EQ(drive(planner, kSaturating).size(), 7u);
  EXPECT_EQ(planner.convergence_reason(), "max_iterations");
}

}  // namespace
}  // namespace aiperf
