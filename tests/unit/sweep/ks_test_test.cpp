#include "sweep/ks_test.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

// numpy.linspace(start, stop, num): i * step + start, the last value exactly `stop`.
std::vector<double> linspace(double start, double stop, int num) {
  std::vector<double> out;
  const double step = (stop - start) / double(num - 1);
  for (int i = 0; i < num; ++i) out.push_back(double(i) * step + start);
  out.back() = stop;
  return out;
}

std::vector<double> plus(std::vector<double> v, double d) {
  for (double& x : v) x += d;
  return v;
}

std::vector<double> repeated(std::initializer_list<std::pair<double, int>> runs) {
  std::vector<double> out;
  for (auto [value, count] : runs) out.insert(out.end(), size_t(count), value);
  return out;
}

// Expected values below are scipy.stats.ks_2samp's (two-sided, exact), as published in
// scipy's test suite (scipy/stats/tests/test_stats.py, TestKSTwoSamples); the small ones are
// also easy to count by hand: {0.99, 1.99} vs {1, 2, 3} has C(5,2) = 10 orderings, 6 of
// which deviate by 2/3 or more.
TEST(KsTwoSample, TwoVersusThree) {
  const std::vector<double> data2{1, 2, 3};
  KsResult r = ks_2samp(std::vector<double>{1.01, 2.01}, data2);
  EXPECT_DOUBLE_EQ(r.statistic, 1.0 / 3);
  EXPECT_NEAR(r.p_value, 1.0, 1e-12);
  EXPECT_TRUE(r.exact);
  r = ks_2samp(std::vector<double>{0.99, 1.99}, data2);
  EXPECT_DOUBLE_EQ(r.statistic, 2.0 / 3);
  EXPECT_NEAR(r.p_value, 0.6, 1e-12);
}

TEST(KsTwoSample, TwoVersusFour) {
  const std::vector<double> data2{1, 2, 3, 4};
  KsResult r = ks_2samp(std::vector<double>{1.01, 2.01}, data2);
  EXPECT_DOUBLE_EQ(r.statistic, 0.5);
  EXPECT_NEAR(r.p_value, 14.0 / 15, 1e-12);
  r = ks_2samp(std::vector<double>{0.99, 1.99}, data2);
  EXPECT_DOUBLE_EQ(r.statistic, 0.75);
  EXPECT_NEAR(r.p_value, 6.0 / 15, 1e-12);
}

TEST(KsTwoSample, OneVersusOne) {
  KsResult r = ks_2samp(std::vector<double>{0}, std::vector<double>{1});
  EXPECT_DOUBLE_EQ(r.statistic, 1);
  EXPECT_DOUBLE_EQ(r.p_value, 1);
}

TEST(KsTwoSample, HundredVersusHundred) {
  const std::vector<double> x = linspace(1, 100, 100);
  KsResult r = ks_2samp(x, plus(x, 2.1));
  EXPECT_NEAR(r.statistic, 0.03, 1e-15);
  EXPECT_NEAR(r.p_value, 0.9999999999962055, 1e-14);
  r = ks_2samp(x, plus(x, 1.9));
  EXPECT_NEAR(r.statistic, 0.02, 1e-15);
  EXPECT_NEAR(r.p_value, 1.0, 1e-14);
}

TEST(KsTwoSample, HundredVersusHundredTen) {
  const std::vector<double> x100 = linspace(1, 100, 100);
  const std::vector<double> x110 = linspace(1, 100, 110);
  KsResult r = ks_2samp(x100, plus(x110, 20.1));
  EXPECT_NEAR(r.statistic, 232.0 / 1100, 1e-15);
  EXPECT_NEAR(r.p_value, 0.015739183865607353, 1e-12);
  r = ks_2samp(x100, plus(x110, 19.9));
  EXPECT_NEAR(r.statistic, 229.0 / 1100, 1e-15);
  EXPECT_NEAR(r.p_value, 0.017803803861026313, 1e-12);
}

TEST(KsTwoSample, TiesStepBothSamplesTogether) {
  const std::vector<double> x2233 = repeated({{2, 3}, {3, 4}, {5, 5}, {6, 4}});
  KsResult r = ks_2samp(x2233, plus(x2233, 1));
  EXPECT_NEAR(r.statistic, 5.0 / 16, 1e-15);
  EXPECT_NEAR(r.p_value, 0.4262934613454952, 1e-12);
  const std::vector<double> x2356 = repeated({{2, 3}, {3, 4}, {5, 10}, {6, 4}});
  const std::vector<double> x3467 = repeated({{3, 10}, {4, 2}, {6, 10}, {7, 4}});
  r = ks_2samp(x2356, x3467);
  EXPECT_NEAR(r.statistic, 190.0 / 21 / 26, 1e-15);
  EXPECT_NEAR(r.p_value, 0.0919245790168125, 1e-12);
}

TEST(KsTwoSample, IdenticalSamplesHaveNoDistance) {
  const std::vector<double> a{5, 1, 3, 3, 2};
  KsResult r = ks_2samp(a, a);
  EXPECT_EQ(r.statistic, 0);
  EXPECT_EQ(r.p_value, 1);
  // Same distribution at different sizes: {1, 2} vs {1, 1, 2, 2}.
  r = ks_2samp(std::vector<double>{1, 2}, std::vector<double>{2, 1, 2, 1});
  EXPECT_EQ(r.statistic, 0);
  EXPECT_EQ(r.p_value, 1);
}

TEST(KsTwoSample, OrderOfArgumentsDoesNotMatter) {
  const std::vector<double> a{0.3, 1.7, 2.2, 5.0, 0.1};
  const std::vector<double> b{1.1, 2.9, 3.3, 4.4, 6.0, 7.5, 0.2};
  KsResult ab = ks_2samp(a, b);
  KsResult ba = ks_2samp(b, a);
  EXPECT_DOUBLE_EQ(ab.statistic, ba.statistic);
  EXPECT_NEAR(ab.p_value, ba.p_value, 1e-15);
}

// Tiny p-values keep their digits (computed as the crossing fraction, not 1 - the rest).
// scipy's published two-sided value here, 4.218847493575595e-15, is its 1 - P(inside) at the
// floor of double precision (about 19 ulp of 1). Its one-sided value for the same D is
// 3.1317328311518713e-26; D+ and D- have one distribution (reversing the order of the
// values swaps them), and paths reaching both sides are negligible this far out, so the
// two-sided p is twice that.
TEST(KsTwoSample, LargeUnbalancedSamplesKeepTinyPValues) {
  const double delta = 1.0 / 10000 / 110 / 2 / 2;
  const std::vector<double> x = plus(linspace(1, 200, 10000), -delta);
  const std::vector<double> y = linspace(2, 100, 110);
  KsResult r = ks_2samp(x, y);
  EXPECT_TRUE(r.exact);
  EXPECT_NEAR(r.statistic, 55275.0 / 110000, 1e-15);
  const double expected = 2 * 3.1317328311518713e-26;
  EXPECT_NEAR(r.p_value, expected, expected * 1e-6);
}

// Every ordering of m + n values counted one by one: the exact p-value is the fraction
// whose path deviates at least as far as the observed one.
double brute_force_p(int m, int n, int64_t h) {
  int64_t total = 0, reaching = 0;
  for (uint32_t mask = 0; mask < (1u << (m + n)); ++mask) {
    if (__builtin_popcount(mask) != m) continue;
    ++total;
    int64_t i = 0, j = 0, worst = 0;
    for (int k = 0; k < m + n; ++k) {
      (mask >> k & 1u) ? ++i : ++j;
      worst = std::max(worst, std::abs(i * n - j * m));
    }
    if (worst >= h) ++reaching;
  }
  return double(reaching) / double(total);
}

TEST(KsTwoSample, ExactMatchesCountingEveryPath) {
  const std::vector<double> a{0.5, 2.5, 3.5, 7.5, 8.5};
  const std::vector<double> b{1, 2, 4, 5, 6, 9, 10};
  KsResult r = ks_2samp(a, b);
  const auto h = int64_t(std::llround(r.statistic * 35));
  EXPECT_NEAR(r.p_value, brute_force_p(5, 7, h), 1e-14);
}

TEST(KsTwoSample, ExactMatchesCountingEveryPathForManyShifts) {
  const std::vector<double> a{0.5, 2.5, 3.5, 7.5, 8.5, 11.5};
  const std::vector<double> b{1, 2, 4, 5, 6, 9, 10};
  for (double shift = -8; shift <= 8; shift += 0.75) {
    KsResult r = ks_2samp(plus(a, shift), b);
    const auto h = int64_t(std::llround(r.statistic * 42));
    EXPECT_NEAR(r.p_value, brute_force_p(6, 7, h), 1e-14) << "shift " << shift;
  }
}

// Asymptotic: Q(lambda) = 2 sum (-1)^(k-1) exp(-2 k^2 lambda^2) at lambda = sqrt(en) * D.
// With m = n = 200, en = 100, so lambda = 10 * D. Q(1.3581) = 0.0499996 (the 5 % critical
// value of the Kolmogorov distribution), Q(1.35) = 0.0522419, Q(0.5) = 0.9639452.
TEST(KsTwoSample, AsymptoticIsTheKolmogorovDistribution) {
  const std::vector<double> a = linspace(0, 199, 200);  // 0, 1, ..., 199
  // Shifted by 26.5, the first 27 of `a` lie below all of b: D = 27/200 = 0.135, lambda 1.35.
  KsResult r = ks_2samp(a, plus(a, 26.5), KsMethod::asymptotic);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.statistic, 0.135);
  EXPECT_NEAR(r.p_value, 0.0522419, 1e-6);
  r = ks_2samp(a, plus(a, 9.5), KsMethod::asymptotic);  // D = 10/200 = 0.05, lambda 0.5
  EXPECT_DOUBLE_EQ(r.statistic, 0.05);
  EXPECT_NEAR(r.p_value, 0.9639452, 1e-6);
  // The exact p at the same D is of the same size (the asymptotic form is a large-sample one).
  EXPECT_NEAR(ks_2samp(a, plus(a, 26.5), KsMethod::exact).p_value, 0.0522419, 0.01);
}

// scipy's exact and asymptotic values for 10000 vs 11000 points (D = 563/110000, en 5238):
// the automatic method takes the asymptotic path there (m*n above kKsExactMaxCells); the
// limiting distribution Q(sqrt(5238) * D) = 0.9991573 is 1.1e-4 above the exact value,
// immaterial against convergence thresholds like 0.05.
TEST(KsTwoSample, LargeSamplesUseTheAsymptoticPath) {
  const double delta = 1.0 / 10000 / 11000 / 2 / 2;
  const std::vector<double> x = plus(linspace(1, 200, 10000), -delta);
  const std::vector<double> y = linspace(2, 200, 11000);
  KsResult r = ks_2samp(x, y);
  EXPECT_FALSE(r.exact);
  EXPECT_NEAR(r.statistic, 563.0 / 110000, 1e-15);
  EXPECT_NEAR(r.p_value, 0.9991573, 1e-6);            // the series at lambda = sqrt(5238) * D
  EXPECT_NEAR(r.p_value, 0.9990456491488628, 1.5e-4);  // scipy exact
  EXPECT_NEAR(r.p_value, 0.9990660108966576, 1.5e-4);  // scipy asymp (one-sample kstwo at n = 5238)
  // Asked for, the exact count (1.1e8 lattice cells, about 0.25 s) gives scipy's exact value.
  KsResult exact = ks_2samp(x, y, KsMethod::exact);
  EXPECT_TRUE(exact.exact);
  EXPECT_NEAR(exact.p_value, 0.9990456491488628, 1e-12);
}

TEST(KsTwoSample, NaNIsDroppedAndEmptyIsRefused) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  KsResult with_nan = ks_2samp(std::vector<double>{0.99, nan, 1.99}, std::vector<double>{1, 2, 3});
  EXPECT_DOUBLE_EQ(with_nan.statistic, 2.0 / 3);
  EXPECT_NEAR(with_nan.p_value, 0.6, 1e-12);
  EXPECT_THROW(ks_2samp(std::vector<double>{}, std::vector<double>{1}), std::invalid_argument);
  EXPECT_THROW(ks_2samp(std::vector<double>{nan}, std::vector<double>{1}), std::invalid_argument);
}

TEST(KsTwoSample, InfinitiesAreOrdinaryExtremes) {
  const double inf = std::numeric_limits<double>::infinity();
  KsResult r = ks_2samp(std::vector<double>{-inf, 1}, std::vector<double>{2, inf});
  EXPECT_DOUBLE_EQ(r.statistic, 1);
}

}  // namespace
}  // namespace aiperf
