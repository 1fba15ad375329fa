#include "metrics/statistics.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(Statistics, PercentilesInterpolateLinearlyLikeNumPy) {
  std::vector<double> x = {1, 2, 3, 4};
  EXPECT_DOUBLE_EQ(percentile_linear(x, 50), 2.5);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 1), 1.03);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 25), 1.75);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 75), 3.25);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 99), 3.97);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 100), 4.0);
  EXPECT_DOUBLE_EQ(percentile_linear(x, 0), 1.0);
}

TEST(Statistics, StdIsPopulationStd) {
  std::vector<double> x = {1, 2, 3, 4};
  EXPECT_NEAR(population_std(x, 2.5), 1.1180, 1e-4);
}

TEST(Statistics, SingleSampleHasZeroStdAndEveryPercentileEqualToIt) {
  auto s = describe({7.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->count, 1);
  EXPECT_EQ(s->std, 0.0);
  for (double p : s->p) EXPECT_EQ(p, 7.0);
  EXPECT_EQ(s->min, 7.0);
  EXPECT_EQ(s->max, 7.0);
}

TEST(Statistics, DescribeSortsAndSummarises) {
  auto s = describe({4, 1, 3, 2});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->count, 4);
  EXPECT_DOUBLE_EQ(s->sum, 10);
  EXPECT_DOUBLE_EQ(s->avg, 2.5);
  EXPECT_DOUBLE_EQ(s->min, 1);
  EXPECT_DOUBLE_EQ(s->max, 4);
  EXPECT_DOUBLE_EQ(s->p[4], 2.5);  // p50
  EXPECT_NEAR(s->std, 1.1180, 1e-4);
}

TEST(Statistics, EmptyDistributionHasNoResult) { EXPECT_FALSE(describe({})); }

TEST(Statistics, NonFiniteSamplesAreDropped) {
  const double inf = std::numeric_limits<double>::infinity();
  auto s = describe({1.0, std::nan(""), inf, 3.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->count, 2);
  EXPECT_DOUBLE_EQ(s->avg, 2.0);
  EXPECT_FALSE(describe({std::nan("")}));
}

// numpy.percentile(x, q, method="nearest"): index round((n-1)q/100), halves to even.
TEST(Statistics, NearestRankPercentiles) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> x = {1, 2, 3, inf};  // h = 3q/100
  EXPECT_EQ(percentile_nearest(x, 1), 1);    // h 0.03 -> 0
  EXPECT_EQ(percentile_nearest(x, 25), 2);   // h 0.75 -> 1
  EXPECT_EQ(percentile_nearest(x, 50), 3);   // h 1.5  -> 2 (tie to even)
  EXPECT_EQ(percentile_nearest(x, 75), 3);   // h 2.25 -> 2
  EXPECT_EQ(percentile_nearest(x, 90), inf); // h 2.7  -> 3
  const std::vector<double> y = {10, 20, 30};  // h = 2q/100
  EXPECT_EQ(percentile_nearest(y, 25), 10);  // h 0.5 -> 0 (tie to even)
  EXPECT_EQ(percentile_nearest(y, 75), 30);  // h 1.5 -> 2 (tie to even)
  EXPECT_EQ(percentile_nearest(std::vector<double>{7}, 99), 7);
}

}  // namespace
}  // namespace aiperf
