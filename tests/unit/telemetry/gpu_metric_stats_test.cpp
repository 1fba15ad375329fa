#include "telemetry/gpu_metric_stats.h"

#include <gtest/gtest.h>

#include <vector>

namespace aiperf {
namespace {

// Samples every 100 ns, value v[i] at t = 100 * i; the window is [250, 750]: samples 3..7.
std::vector<GpuPoint> gpu_series(const std::vector<double>& v) {
  std::vector<GpuPoint> out;
  for (size_t i = 0; i < v.size(); ++i) out.push_back({int64_t(100 * i), v[i]});
  return out;
}

TEST(GpuMetricStats, GaugeUsesOnlyTheWindowAndSampleStd) {
  const auto points = gpu_series({1000, 1000, 1000, 10, 20, 30, 40, 50, -1000, -1000});
  const auto s = summarise_gpu_metric(points, false, 250, 750);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->counter);
  EXPECT_EQ(s->gauge.count, 5);
  EXPECT_DOUBLE_EQ(s->avg, 30);
  EXPECT_DOUBLE_EQ(s->gauge.min, 10);
  EXPECT_DOUBLE_EQ(s->gauge.max, 50);
  // numpy.std([10, 20, 30, 40, 50], ddof=1) = sqrt(250)
  EXPECT_DOUBLE_EQ(s->gauge.std, std::sqrt(250.0));
  // numpy.percentile(..., [1, 5, 10, 25, 50, 75, 90, 95, 99]) (linear)
  const std::vector<double> expected = {10.4, 12, 14, 20, 30, 40, 46, 48, 49.6};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(s->gauge.p[i], expected[i], 1e-9) << i;

  const nlohmann::ordered_json j = gpu_metric_stats_json(*s, "W");
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"avg", "min", "max", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95",
                                            "p99", "std", "count", "unit"}));
  EXPECT_EQ(j["count"], 5);
  EXPECT_EQ(j["unit"], "W");
}

TEST(GpuMetricStats, OneSampleHasZeroStdAndNoneIsAbsent) {
  const auto one = summarise_gpu_metric(gpu_series({0, 0, 0, 42}), false, 250, 750);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->gauge.std, 0);
  EXPECT_FALSE(summarise_gpu_metric(gpu_series({1, 2}), false, 250, 750));
  EXPECT_FALSE(summarise_gpu_metric(gpu_series({1, 2}), true, 250, 750));
}

TEST(GpuMetricStats, CounterIsGrowthSinceTheLastSampleBeforeTheWindow) {
  // Reference: 2.0 at t=200 (the last before the window); last inside: 2.9 at t=700.
  const auto s = summarise_gpu_metric(gpu_series({1.0, 1.5, 2.0, 2.2, 2.4, 2.5, 2.7, 2.9, 5.0}), true, 250, 750);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->counter);
  EXPECT_NEAR(s->avg, 0.9, 1e-12);
  const nlohmann::ordered_json j = gpu_metric_stats_json(*s, "MJ");
  EXPECT_EQ(j.size(), 2u);  // avg and unit only
  EXPECT_EQ(j["unit"], "MJ");
}

TEST(GpuMetricStats, CounterWithoutEarlierSampleStartsAtTheFirstInside) {
  std::vector<GpuPoint> points = {{300, 10}, {400, 12}, {500, 15}};
  EXPECT_DOUBLE_EQ(summarise_gpu_metric(points, true, 250, 750)->avg, 5);
  // A reset (the counter went down) never gives a negative growth.
  points = {{200, 50}, {300, 10}, {400, 12}};
  EXPECT_DOUBLE_EQ(summarise_gpu_metric(points, true, 250, 750)->avg, 0);
}

}  // namespace
}  // namespace aiperf
