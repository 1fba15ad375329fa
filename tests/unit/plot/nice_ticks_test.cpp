#include "plot/nice_ticks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace aiperf::plot {
namespace {

// True when v is 1, 2 or 5 times a power of ten.
bool one_two_five(double v) {
  const double e = std::floor(std::log10(v) + 1e-9);
  const double m = v / std::pow(10.0, e);
  return std::fabs(m - 1) < 1e-9 || std::fabs(m - 2) < 1e-9 || std::fabs(m - 5) < 1e-9;
}

TEST(NiceTicks, ZeroToNinetySevenStepsByTwenty) {
  const LinearTicks t = nice_linear_ticks(0, 97, 6);
  EXPECT_DOUBLE_EQ(t.step, 20);
  EXPECT_EQ(t.values, (std::vector<double>{0, 20, 40, 60, 80, 100}));
}

TEST(NiceTicks, StepsAreOneTwoFiveAndCoverTheRange) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-6, 9), unit(0, 1);
  for (int i = 0; i < 2000; ++i) {
    const double lo = (unit(rng) - 0.5) * std::pow(10.0, exponent(rng));
    const double hi = lo + std::pow(10.0, exponent(rng)) * (0.01 + unit(rng));
    const int max_intervals = 2 + i % 9;
    const LinearTicks t = nice_linear_ticks(lo, hi, max_intervals);
    ASSERT_TRUE(one_two_five(t.step)) << lo << " " << hi << " step " << t.step;
    ASSERT_GE(t.values.size(), 2u);
    EXPECT_LE(t.values.front(), lo + t.step * 1e-9);
    EXPECT_GE(t.values.back(), hi - t.step * 1e-9);
    // At most max_intervals, plus one for the covering tick at each end.
    EXPECT_LE(static_cast<int>(t.values.size()) - 1, max_intervals + 2);
    // Equal spacing, to the precision doubles have at the ticks' magnitude.
    const double magnitude = std::max(std::fabs(t.values.back()), std::fabs(t.values.front()));
    const double tolerance = std::max(t.step * 1e-6, magnitude * 2e-14);
    for (std::size_t k = 1; k < t.values.size(); ++k) EXPECT_NEAR(t.values[k] - t.values[k - 1], t.step, tolerance);
  }
}

TEST(NiceTicks, SmallRangeLabelsCarryNoFloatNoise) {
  const LinearTicks t = nice_linear_ticks(0.013, 0.0171, 5);
  EXPECT_TRUE(one_two_five(t.step));
  EXPECT_DOUBLE_EQ(t.step, 0.001);
  ASSERT_GE(t.values.size(), 4u);
  EXPECT_EQ(format_linear_tick(t.values.front(), t.step), "0.013");
  for (double v : t.values) {
    const std::string label = format_linear_tick(v, t.step);
    EXPECT_LE(label.size(), 5u) << label;
    EXPECT_NEAR(std::stod(label), v, 1e-12) << label;
  }
}

TEST(NiceTicks, DegenerateAndNonFiniteRanges) {
  EXPECT_EQ(nice_linear_ticks(5, 5, 6).values, std::vector<double>{5});
  EXPECT_TRUE(nice_linear_ticks(std::nan(""), 1, 6).values.empty());
  EXPECT_TRUE(nice_linear_ticks(0, std::numeric_limits<double>::infinity(), 6).values.empty());
  // Reversed bounds are read as the same range.
  EXPECT_EQ(nice_linear_ticks(97, 0, 6).values, nice_linear_ticks(0, 97, 6).values);
}

TEST(NiceTicks, LinearLabels) {
  EXPECT_EQ(format_linear_tick(0.30000000000000004, 0.1), "0.3");
  EXPECT_EQ(format_linear_tick(0.05, 0.05), "0.05");
  EXPECT_EQ(format_linear_tick(1.0, 0.5), "1");
  EXPECT_EQ(format_linear_tick(1.5, 0.5), "1.5");
  EXPECT_EQ(format_linear_tick(120, 20), "120");
  EXPECT_EQ(format_linear_tick(1500, 500), "1.5k");
  EXPECT_EQ(format_linear_tick(2000, 500), "2k");
  EXPECT_EQ(format_linear_tick(12000, 2000), "12k");
  EXPECT_EQ(format_linear_tick(2500000, 500000), "2.5M");
  EXPECT_EQ(format_linear_tick(3e9, 1e9), "3G");
  EXPECT_EQ(format_linear_tick(-5, 5), "\u22125");
  EXPECT_EQ(format_linear_tick(-1500, 500), "\u22121.5k");
  EXPECT_EQ(format_linear_tick(1e-17, 0.1), "0");   // rounding residue at zero
  EXPECT_EQ(format_linear_tick(-1e-17, 0.1), "0");  // never "−0"
  EXPECT_EQ(format_linear_tick(999, 1), "999");
  EXPECT_EQ(format_linear_tick(1000.5, 0.5), "1000.5");  // not "1.0005k"
  EXPECT_EQ(format_linear_tick(1010, 10), "1.01k");
}

TEST(NiceTicks, LogDecadesOverManyDecades) {
  const std::vector<double> t = nice_log_ticks(3, 4500, 10);
  for (double want : {10.0, 100.0, 1000.0}) {
    EXPECT_NE(std::find(t.begin(), t.end(), want), t.end()) << want;
  }
  for (double v : t) EXPECT_TRUE(one_two_five(v)) << v;
  EXPECT_LE(t.front(), 3);
  EXPECT_GE(t.back(), 4500);
}

TEST(NiceTicks, LogAddsTwoAndFiveOverFewDecades) {
  const std::vector<double> t = nice_log_ticks(2, 80, 10);
  for (double want : {2.0, 5.0, 10.0, 20.0, 50.0}) {
    EXPECT_NE(std::find(t.begin(), t.end(), want), t.end()) << want;
  }
}

TEST(NiceTicks, LogStridesDecadesWhenThereAreMany) {
  const std::vector<double> t = nice_log_ticks(1e-3, 1e12, 5);
  EXPECT_LE(t.size(), 7u);
  EXPECT_LE(t.front(), 1e-3);
  EXPECT_GE(t.back(), 1e12);
  for (std::size_t i = 1; i < t.size(); ++i) EXPECT_NEAR(std::log10(t[i] / t[i - 1]), std::log10(t[1] / t[0]), 1e-9);
}

TEST(NiceTicks, LogWithinOneDecade) {
  const std::vector<double> t = nice_log_ticks(3, 8, 10);
  int inside = 0;
  for (double v : t) inside += v >= 3 && v <= 8 ? 1 : 0;
  EXPECT_GE(inside, 3);
}

TEST(NiceTicks, LogRejectsNonPositive) {
  EXPECT_TRUE(nice_log_ticks(0, 10, 5).empty());
  EXPECT_TRUE(nice_log_ticks(-1, 10, 5).empty());
}

TEST(NiceTicks, LogLabels) {
  EXPECT_EQ(format_log_tick(1), "1");
  EXPECT_EQ(format_log_tick(0.05), "0.05");
  EXPECT_EQ(format_log_tick(0.001), "0.001");
  EXPECT_EQ(format_log_tick(500), "500");
  EXPECT_EQ(format_log_tick(1000), "1k");
  EXPECT_EQ(format_log_tick(20e6), "20M");
  EXPECT_EQ(format_log_tick(2e-5), "2e\u22125");
  EXPECT_EQ(format_log_tick(0), "");
}

TEST(NiceTicks, WholeNumbersNeverStepBelowOne) {
  // A 4-lane axis would get 0.5 steps; lanes and counts take whole ones only.
  EXPECT_EQ(nice_linear_ticks(-0.5, 3.5, 8).step, 0.5);
  const LinearTicks lanes = nice_linear_ticks(-0.5, 3.5, 8, true);
  EXPECT_EQ(lanes.step, 1);
  EXPECT_EQ(lanes.values, (std::vector<double>{-1, 0, 1, 2, 3, 4}));
  EXPECT_EQ(nice_linear_ticks(0, 400, 8, true).step, 50);  // wide axes keep their 1-2-5 step
}

}  // namespace
}  // namespace aiperf::plot
