#include <cmath>

#include <gtest/gtest.h>

#include "timing/phase.h"

namespace aiperf {
namespace {

ProfileConfig base() {
  ProfileConfig c;
  c.model_names = {"test-model"};
  return c;
}

TEST(PlanPhases, NoWarmupWithoutACountOrDuration) {
  ProfileConfig c = base();
  c.warmup_concurrency = 4;  // a shape override alone does not create a warm-up (upstream)
  auto phases = plan_phases(c, c.random_seed);
  ASSERT_EQ(phases.size(), 1u);
  EXPECT_EQ(phases[0].phase, BenchmarkPhase::profiling);
  EXPECT_EQ(phases[0].request_count, 10);
}

TEST(PlanPhases, WarmupByDurationInheritsTheClosedLoop) {
  ProfileConfig c = base();
  c.concurrency = 6;
  c.concurrency_ramp_duration = 2;
  c.warmup_duration = 3;
  auto phases = plan_phases(c, c.random_seed);
  ASSERT_EQ(phases.size(), 2u);
  const PhaseSpec& w = phases[0];
  EXPECT_EQ(w.phase, BenchmarkPhase::warmup);
  EXPECT_EQ(w.duration_s, 3.0);
  EXPECT_FALSE(w.request_count);
  EXPECT_TRUE(std::isinf(w.grace_s));
  EXPECT_FALSE(w.open_loop());
  EXPECT_EQ(w.concurrency, 6);
  EXPECT_EQ(w.concurrency_ramp_s, 2.0);
}

TEST(PlanPhases, WarmupInheritsTheRateAndOverridesApply) {
  ProfileConfig c = base();
  c.request_rate = 50;
  c.arrival_pattern = ArrivalPattern::gamma;
  c.arrival_smoothness = 4;
  c.concurrency = 8;
  c.warmup_request_count = 20;
  c.warmup_duration = 1.5;
  c.warmup_grace_period = 2;
  auto phases = plan_phases(c, c.random_seed);
  ASSERT_EQ(phases.size(), 2u);
  PhaseSpec w = phases[0];
  EXPECT_EQ(w.request_rate, 50.0);
  EXPECT_EQ(w.arrival_pattern, ArrivalPattern::gamma);
  EXPECT_EQ(w.arrival_smoothness, 4.0);
  EXPECT_EQ(w.concurrency, 8);  // a ceiling, as in profiling
  EXPECT_EQ(w.request_count, 20);
  EXPECT_EQ(w.duration_s, 1.5);
  EXPECT_EQ(w.grace_s, 2.0);

  c.warmup_request_rate = 5;
  c.warmup_arrival_pattern = ArrivalPattern::constant;
  c.warmup_concurrency = 2;
  c.warmup_request_rate_ramp_duration = 1;
  w = plan_phases(c, c.random_seed)[0];
  EXPECT_EQ(w.request_rate, 5.0);
  EXPECT_EQ(w.arrival_pattern, ArrivalPattern::constant);
  EXPECT_EQ(w.concurrency, 2);
  EXPECT_EQ(w.rate_ramp_s, 1.0);
  const PhaseSpec p = plan_phases(c, c.random_seed)[1];
  EXPECT_EQ(p.request_rate, 50.0);  // profiling keeps its own shape
  EXPECT_EQ(p.concurrency, 8);
  EXPECT_EQ(p.rate_ramp_s, 0.0);
}

TEST(PlanPhases, WarmupRateInAClosedLoopRunMakesAnOpenLoopWarmup) {
  ProfileConfig c = base();
  c.warmup_request_count = 10;
  c.warmup_request_rate = 100;
  auto phases = plan_phases(c, c.random_seed);
  EXPECT_TRUE(phases[0].open_loop());
  EXPECT_EQ(phases[0].concurrency, 0);  // no ceiling
  EXPECT_FALSE(phases[1].open_loop());
  EXPECT_EQ(phases[1].concurrency, 1);
}

TEST(PlanPhases, RateSeriesIsAnOpenLoop) {
  ProfileConfig c = base();
  c.request_rate_series = {{0, 10}, {2, 20}};
  auto phases = plan_phases(c, c.random_seed);
  ASSERT_EQ(phases.size(), 1u);
  EXPECT_TRUE(phases[0].open_loop());
  EXPECT_FALSE(phases[0].request_rate);
  EXPECT_EQ(phases[0].rate_series.size(), 2u);
}

}  // namespace
}  // namespace aiperf
