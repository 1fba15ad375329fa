#include "timing/arrival_schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace aiperf {
namespace {

std::vector<double> gaps_s(ArrivalPattern pattern, double smoothness, double rate, size_t n,
                           std::optional<uint64_t> seed = 42) {
  ArrivalGaps gaps(pattern, smoothness, seed);
  std::vector<double> out;
  for (size_t i = 0; i < n; ++i) out.push_back(double(gaps.next_gap_ns(rate)) / 1e9);
  return out;
}

double mean_of(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / double(v.size());
}

double cv_of(const std::vector<double>& v) {
  double m = mean_of(v), ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  return std::sqrt(ss / double(v.size() - 1)) / m;
}

// Kolmogorov-Smirnov distance between the sample and Exponential(rate).
double ks_exponential(std::vector<double> v, double rate) {
  std::sort(v.begin(), v.end());
  double d = 0, n = double(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    double f = 1 - std::exp(-rate * v[i]);
    d = std::max({d, double(i + 1) / n - f, f - double(i) / n});
  }
  return d;
}

TEST(ArrivalGaps, ConstantIsExactlyOneOverRate) {
  for (double g : gaps_s(ArrivalPattern::constant, 1, 2000, 100)) EXPECT_EQ(g, 0.0005);
  EXPECT_EQ(gaps_s(ArrivalPattern::constant, 1, 3, 1)[0], 0.333333333);  // rounded to the ns
}

TEST(ArrivalGaps, PoissonIsExponentialWithTheTargetMean) {
  auto v = gaps_s(ArrivalPattern::poisson, 1, 100, 20000);
  EXPECT_NEAR(mean_of(v), 0.01, 0.0003);
  EXPECT_NEAR(cv_of(v), 1.0, 0.03);
  // 1% critical value of the one-sample KS statistic: 1.63/sqrt(n).
  EXPECT_LT(ks_exponential(v, 100), 1.63 / std::sqrt(20000.0));
}

TEST(ArrivalGaps, GammaCvIsOneOverRootOfSmoothness) {
  for (double k : {0.25, 1.0, 4.0, 16.0}) {
    auto v = gaps_s(ArrivalPattern::gamma, k, 50, 20000);
    EXPECT_NEAR(mean_of(v), 0.02, 0.02 * 0.03) << "k=" << k;
    EXPECT_NEAR(cv_of(v), 1 / std::sqrt(k), 0.05 / std::sqrt(k)) << "k=" << k;
  }
}

TEST(ArrivalGaps, SameSeedSameSequenceDifferentSeedDifferent) {
  EXPECT_EQ(gaps_s(ArrivalPattern::poisson, 1, 10, 500, 7), gaps_s(ArrivalPattern::poisson, 1, 10, 500, 7));
  EXPECT_NE(gaps_s(ArrivalPattern::poisson, 1, 10, 500, 7), gaps_s(ArrivalPattern::poisson, 1, 10, 500, 8));
  EXPECT_EQ(gaps_s(ArrivalPattern::gamma, 3, 10, 500, 7), gaps_s(ArrivalPattern::gamma, 3, 10, 500, 7));
  // No seed: fresh entropy each time.
  EXPECT_NE(gaps_s(ArrivalPattern::poisson, 1, 10, 50, std::nullopt),
            gaps_s(ArrivalPattern::poisson, 1, 10, 50, std::nullopt));
}

TEST(RampedRate, StepsEveryTenthOfASecondFromATenthOverDuration) {
  const int64_t ramp = 2'000'000'000;  // 2 s to 100 req/s: start 100·0.1/2 = 5
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 0), 5);
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 99'999'999), 5);
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 100'000'000), 5 + 95 * 0.05);
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 1'000'000'000), 5 + 95 * 0.5);
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 2'000'000'000), 100);
  EXPECT_DOUBLE_EQ(ramped_rate(100, ramp, 9'000'000'000), 100);
  EXPECT_DOUBLE_EQ(ramped_rate(100, 0, 0), 100);
  EXPECT_DOUBLE_EQ(ramped_rate(100, 50'000'000, 0), 100);  // shorter than a step: start capped at the target
}

TEST(SeriesRate, InterpolatesBetweenPointsAndHoldsTheEnds) {
  const std::vector<RateSeriesPoint> series{{1, 10}, {3, 30}, {4, 5}};
  EXPECT_DOUBLE_EQ(series_rate(series, 0), 10);              // before the first point
  EXPECT_DOUBLE_EQ(series_rate(series, 1'000'000'000), 10);
  EXPECT_DOUBLE_EQ(series_rate(series, 2'000'000'000), 20);
  EXPECT_DOUBLE_EQ(series_rate(series, 3'500'000'000), 17.5);
  EXPECT_DOUBLE_EQ(series_rate(series, 4'000'000'000), 5);
  EXPECT_DOUBLE_EQ(series_rate(series, 60'000'000'000), 5);  // after the last point
}

TEST(RampedLimit, OneUntilTheFirstStepThenPlusOneSteps) {
  const int64_t ramp = 3'000'000'000;  // 1 -> 4 over 3 s: 2 at 1 s, 3 at 2 s, 4 at 3 s
  EXPECT_EQ(ramped_limit(4, ramp, 0), 1);
  EXPECT_EQ(ramped_limit(4, ramp, 999'999'999), 1);
  EXPECT_EQ(ramped_limit(4, ramp, 1'000'000'000), 2);
  EXPECT_EQ(ramped_limit(4, ramp, 2'500'000'000), 3);
  EXPECT_EQ(ramped_limit(4, ramp, 3'000'000'000), 4);
  EXPECT_EQ(ramped_limit(4, 0, 0), 4);
  EXPECT_EQ(ramped_limit(1, ramp, 0), 1);
}

}  // namespace
}  // namespace aiperf
