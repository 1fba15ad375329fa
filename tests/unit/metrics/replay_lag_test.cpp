#include <gtest/gtest.h>

#include "metrics/replay_lag.h"

namespace aiperf {
namespace {

const MetricResult& metric_named(const std::vector<MetricResult>& v, const std::string& tag) {
  for (const auto& m : v)
    if (m.tag == tag) return m;
  throw std::runtime_error("missing " + tag);
}

TEST(ReplayLag, PercentilesOfLagAboveTheMinimum) {
  // 100 lags of 2..101 ms: relative to the 2 ms minimum they are 0..99 ms.
  std::vector<double> lags;
  for (int i = 0; i < 100; ++i) lags.push_back((i + 2) * 1e6);
  auto m = replay_lag_metrics(lags);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_DOUBLE_EQ(metric_named(m, "replay_sched_lag_p50").avg, 49.5);
  EXPECT_DOUBLE_EQ(metric_named(m, "replay_sched_lag_p90").avg, 89.1);
  EXPECT_DOUBLE_EQ(metric_named(m, "replay_sched_lag_p99").avg, 98.01);
  EXPECT_EQ(metric_named(m, "replay_sched_lag_p99").unit, "ms");
  EXPECT_EQ(metric_named(m, "replay_sched_degraded").avg, 0);
  EXPECT_FALSE(metric_named(m, "replay_sched_degraded").console);
}

TEST(ReplayLag, DegradedAbove500ms) {
  std::vector<double> lags(10, 0.0);
  lags.push_back(900e6);
  lags.push_back(950e6);
  EXPECT_EQ(metric_named(replay_lag_metrics(lags), "replay_sched_degraded").avg, 1);
  EXPECT_TRUE(replay_lag_metrics({}).empty());
}

}  // namespace
}  // namespace aiperf
