#include "sweep/confidence_interval.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "sweep_test_values.h"

namespace aiperf {
namespace {

// Student-t critical values t(1 - alpha/2, df) from the standard two-sided table (e.g. NIST/
// SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.2, "Critical values of the Student's t
// distribution"), 6 decimals, hence the 1e-6 tolerances.
using sweep_test::kT975_1;
using sweep_test::kT975_2;
constexpr double kT95_2 = 2.919986;    // 90 %, df 2
constexpr double kT995_2 = 9.924843;   // 99 %, df 2
constexpr double kT975_4 = 2.776445;   // 95 %, df 4
constexpr double kT95_4 = 2.131847;    // 90 %, df 4
constexpr double kT975_9 = 2.262157;   // 95 %, df 9
constexpr double kT995_9 = 3.249836;   // 99 %, df 9

TEST(StudentT, MatchesTheTable) {
  EXPECT_NEAR(student_t_critical(0.95, 1), kT975_1, 1e-6);
  EXPECT_NEAR(student_t_critical(0.95, 2), kT975_2, 1e-6);
  EXPECT_NEAR(student_t_critical(0.90, 2), kT95_2, 1e-6);
  EXPECT_NEAR(student_t_critical(0.99, 2), kT995_2, 1e-6);
  EXPECT_NEAR(student_t_critical(0.95, 4), kT975_4, 1e-6);
  EXPECT_NEAR(student_t_critical(0.90, 4), kT95_4, 1e-6);
  EXPECT_NEAR(student_t_critical(0.95, 9), kT975_9, 1e-6);
  EXPECT_NEAR(student_t_critical(0.99, 9), kT995_9, 1e-6);
  // Many degrees of freedom approach the normal quantile 1.959964.
  EXPECT_NEAR(student_t_critical(0.95, 100000), 1.959964, 1e-4);
}

TEST(StudentT, RefusesBadArguments) {
  EXPECT_THROW(student_t_critical(0.95, 0), std::invalid_argument);
  EXPECT_THROW(student_t_critical(1.0, 3), std::invalid_argument);
  EXPECT_THROW(student_t_critical(0.0, 3), std::invalid_argument);
  EXPECT_THROW(student_t_critical(std::nan(""), 3), std::invalid_argument);
}

// {10, 12, 14}: mean 12, squared deviations 4 + 0 + 4 = 8, std sqrt(8/2) = 2,
// se 2/sqrt(3) = 1.1547005, half width 4.302653 * 1.1547005 = 4.9682757.
TEST(ConfidenceInterval, ThreeValuesAt95) {
  const std::vector<double> v{10, 12, 14};
  ConfidenceInterval ci = confidence_interval(v, 0.95);
  EXPECT_EQ(ci.n, 3u);
  EXPECT_DOUBLE_EQ(ci.mean, 12);
  EXPECT_DOUBLE_EQ(ci.std, 2);
  EXPECT_DOUBLE_EQ(ci.min, 10);
  EXPECT_DOUBLE_EQ(ci.max, 14);
  EXPECT_NEAR(ci.cv, 2.0 / 12.0, 1e-15);
  EXPECT_NEAR(ci.se, 1.1547005, 1e-7);
  EXPECT_NEAR(ci.t_critical, kT975_2, 1e-6);
  EXPECT_NEAR(ci.ci_low, 7.0317243, 2e-6);
  EXPECT_NEAR(ci.ci_high, 16.9682757, 2e-6);
}

// Same values: 90 % half width 2.919986 * 1.1547005 = 3.3717094; 99 %: 9.924843 * 1.1547005 = 11.4602216.
TEST(ConfidenceInterval, ThreeValuesAt90And99) {
  const std::vector<double> v{10, 12, 14};
  ConfidenceInterval c90 = confidence_interval(v, 0.90);
  EXPECT_NEAR(c90.t_critical, kT95_2, 1e-6);
  EXPECT_NEAR(c90.ci_low, 8.6282906, 2e-6);
  EXPECT_NEAR(c90.ci_high, 15.3717094, 2e-6);
  ConfidenceInterval c99 = confidence_interval(v, 0.99);
  EXPECT_NEAR(c99.t_critical, kT995_2, 1e-6);
  EXPECT_NEAR(c99.ci_low, 0.5397784, 2e-6);
  EXPECT_NEAR(c99.ci_high, 23.4602216, 2e-6);
}

// {1..5}: mean 3, squared deviations 10, std sqrt(10/4) = 1.5811388, se 0.7071068;
// 95 %: half width 2.776445 * 0.7071068 = 1.9632431.
TEST(ConfidenceInterval, FiveValues) {
  const std::vector<double> v{1, 2, 3, 4, 5};
  ConfidenceInterval ci = confidence_interval(v, 0.95);
  EXPECT_DOUBLE_EQ(ci.mean, 3);
  EXPECT_NEAR(ci.std, 1.5811388, 1e-7);
  EXPECT_NEAR(ci.se, 0.7071068, 1e-7);
  EXPECT_NEAR(ci.t_critical, kT975_4, 1e-6);
  EXPECT_NEAR(ci.ci_low, 1.0367569, 2e-6);
  EXPECT_NEAR(ci.ci_high, 4.9632431, 2e-6);
  // {2.5, 3.1, 2.8, 3.4, 2.9} at 90 %: mean 2.94, std 0.3361547, se 0.1503330,
  // half width 2.131847 * 0.1503330 = 0.3204869.
  const std::vector<double> w{2.5, 3.1, 2.8, 3.4, 2.9};
  ConfidenceInterval c90 = confidence_interval(w, 0.90);
  EXPECT_NEAR(c90.mean, 2.94, 1e-12);
  EXPECT_NEAR(c90.std, 0.3361547, 1e-7);
  EXPECT_NEAR(c90.t_critical, kT95_4, 1e-6);
  EXPECT_NEAR(c90.ci_low, 2.6195131, 2e-6);
  EXPECT_NEAR(c90.ci_high, 3.2604869, 2e-6);
}

// {1..10}: mean 5.5, squared deviations 82.5, std sqrt(82.5/9) = 3.0276504, se 0.9574271;
// 95 %: half width 2.262157 * 0.9574271 = 2.1658504.
TEST(ConfidenceInterval, TenValues) {
  std::vector<double> v;
  for (int i = 1; i <= 10; ++i) v.push_back(i);
  ConfidenceInterval ci = confidence_interval(v, 0.95);
  EXPECT_DOUBLE_EQ(ci.mean, 5.5);
  EXPECT_NEAR(ci.std, 3.0276504, 1e-7);
  EXPECT_NEAR(ci.se, 0.9574271, 1e-7);
  EXPECT_NEAR(ci.t_critical, kT975_9, 1e-6);
  EXPECT_NEAR(ci.ci_low, 3.3341496, 2e-6);
  EXPECT_NEAR(ci.ci_high, 7.6658504, 2e-6);
  EXPECT_NEAR(ci.cv, 3.0276504 / 5.5, 1e-7);
  // 99 % over ten request latencies: mean 12.15, std 0.3027650, se 0.0957427,
  // half width 3.249836 * 0.0957427 = 0.3111481.
  const std::vector<double> w{12.1, 11.8, 12.6, 12.0, 11.9, 12.3, 12.2, 11.7, 12.4, 12.5};
  ConfidenceInterval c99 = confidence_interval(w, 0.99);
  EXPECT_NEAR(c99.mean, 12.15, 1e-12);
  EXPECT_NEAR(c99.t_critical, kT995_9, 1e-6);
  EXPECT_NEAR(c99.ci_low, 11.8388519, 2e-6);
  EXPECT_NEAR(c99.ci_high, 12.4611481, 2e-6);
}

TEST(ConfidenceInterval, TwoValuesUseOneDegreeOfFreedom) {
  const std::vector<double> v{4, 6};  // mean 5, std sqrt(2), se 1
  ConfidenceInterval ci = confidence_interval(v, 0.95);
  EXPECT_NEAR(ci.se, 1, 1e-15);
  EXPECT_NEAR(ci.ci_low, 5 - kT975_1, 1e-6);
  EXPECT_NEAR(ci.ci_high, 5 + kT975_1, 1e-6);
}

TEST(ConfidenceInterval, ZeroMeanHasInfiniteCv) {
  const std::vector<double> spread{-1, 1};
  EXPECT_TRUE(std::isinf(confidence_interval(spread, 0.95).cv));
  const std::vector<double> zeros{0, 0, 0};
  ConfidenceInterval ci = confidence_interval(zeros, 0.95);
  EXPECT_TRUE(std::isinf(ci.cv));
  EXPECT_EQ(ci.std, 0);
  EXPECT_EQ(ci.ci_low, 0);
  EXPECT_EQ(ci.ci_high, 0);
}

TEST(ConfidenceInterval, CvUsesTheMagnitudeOfTheMean) {
  const std::vector<double> v{-10, -12, -14};
  EXPECT_NEAR(confidence_interval(v, 0.95).cv, 2.0 / 12.0, 1e-15);
}

TEST(ConfidenceInterval, OneValueKeepsItsValueWithoutAnInterval) {
  const std::vector<double> v{42.5};
  ConfidenceInterval ci = confidence_interval(v, 0.95);
  EXPECT_EQ(ci.n, 1u);
  EXPECT_EQ(ci.mean, 42.5);
  EXPECT_EQ(ci.min, 42.5);
  EXPECT_EQ(ci.max, 42.5);
  EXPECT_EQ(ci.std, 0);
  EXPECT_EQ(ci.se, 0);
  EXPECT_EQ(ci.cv, 0);
  EXPECT_EQ(ci.ci_low, 42.5);
  EXPECT_EQ(ci.ci_high, 42.5);
  EXPECT_TRUE(std::isnan(ci.t_critical));
}

TEST(ConfidenceInterval, NoValuesIsAllNaN) {
  ConfidenceInterval ci = confidence_interval({}, 0.95);
  EXPECT_EQ(ci.n, 0u);
  for (double v : {ci.mean, ci.std, ci.min, ci.max, ci.cv, ci.se, ci.t_critical, ci.ci_low, ci.ci_high})
    EXPECT_TRUE(std::isnan(v));
}

TEST(ConfidenceInterval, LargeValuesWithSmallSpreadKeepTheirStd) {
  // A naive sum-of-squares formula loses every digit here.
  const std::vector<double> v{1e9 + 1, 1e9 + 2, 1e9 + 3};
  EXPECT_NEAR(confidence_interval(v, 0.95).std, 1.0, 1e-9);
}

TEST(ConfidenceInterval, RefusesBadInput) {
  const std::vector<double> v{1, 2};
  EXPECT_THROW(confidence_interval(v, 1.5), std::invalid_argument);
  const std::vector<double> bad{1, std::numeric_limits<double>::infinity()};
  EXPECT_THROW(confidence_interval(bad, 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace aiperf
