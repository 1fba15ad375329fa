#include "sweep/pchip.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace aiperf {
namespace {

TEST(Pchip, HandWorkedMonotoneExample) {
  // x = 0, 1, 3; y = 0, 2, 3: h = 1, 2; δ = 2, 0.5.
  //   d1 = (w1 + w2) / (w1/δ0 + w2/δ1), w1 = 2·2 + 1 = 5, w2 = 2 + 2·1 = 4 → 9 / 10.5 = 6/7
  //   d0 = ((2·1 + 2)·2 − 1·0.5) / 3 = 2.5 (same sign as δ0, δ0 and δ1 agree: kept)
  //   d2 = ((2·2 + 1)·0.5 − 2·2) / 3 = −0.5 → opposite sign to δ1 → 0
  std::vector<double> x = {0, 1, 3}, y = {0, 2, 3};
  Pchip p(x, y);
  ASSERT_EQ(p.slopes().size(), 3u);
  EXPECT_DOUBLE_EQ(p.slopes()[0], 2.5);
  EXPECT_DOUBLE_EQ(p.slopes()[1], 6.0 / 7);
  EXPECT_DOUBLE_EQ(p.slopes()[2], 0.0);
  // Hermite basis at s = ½: h00 = h01 = ½, h10 = ⅛, h11 = −⅛.
  //   p(0.5) = ½·0 + ⅛·1·2.5 + ½·2 − ⅛·1·(6/7) = 1.3125 − 3/28
  //   p(2)   = ½·2 + ⅛·2·(6/7) + ½·3 − ⅛·2·0 = 2.5 + 3/14
  EXPECT_NEAR(p(0.5), 1.3125 - 3.0 / 28, 1e-12);
  EXPECT_NEAR(p(2.0), 2.5 + 3.0 / 14, 1e-12);
  EXPECT_DOUBLE_EQ(p(0), 0);
  EXPECT_DOUBLE_EQ(p(1), 2);
  EXPECT_DOUBLE_EQ(p(3), 3);
}

TEST(Pchip, ExtremaGetZeroSlopeAndEndsAreLimited) {
  // x = 0..3, y = 0, 1, 1, 0: δ = 1, 0, −1; interior slopes 0 (a flat secant);
  //   d0 = (3·1 − 1·0) / 2 = 1.5 (δ1 = 0 differs in sign from δ0, but 1.5 ≤ 3·1: kept);
  //   d3 = (3·(−1) − 1·0) / 2 = −1.5.
  //   p(0.5) = ⅛·1.5 + ½·1 = 0.6875
  std::vector<double> x = {0, 1, 2, 3}, y = {0, 1, 1, 0};
  Pchip p(x, y);
  EXPECT_DOUBLE_EQ(p.slopes()[0], 1.5);
  EXPECT_DOUBLE_EQ(p.slopes()[1], 0.0);
  EXPECT_DOUBLE_EQ(p.slopes()[2], 0.0);
  EXPECT_DOUBLE_EQ(p.slopes()[3], -1.5);
  EXPECT_DOUBLE_EQ(p(0.5), 0.6875);
  EXPECT_DOUBLE_EQ(p(1.5), 1.0);  // flat between equal values: no overshoot
  // An end slope that would exceed 3δ0 at a sign change is cut to 3δ0:
  // x = 0, 1, 1.1; y = 0, 1, 0: δ = 1, −10; d0 = ((2 + 0.1)·1 − 1·(−10)) / 1.1 = 11 → 3.
  std::vector<double> x2 = {0, 1, 1.1}, y2 = {0, 1, 0};
  EXPECT_DOUBLE_EQ(Pchip(x2, y2).slopes()[0], 3.0);
}

TEST(Pchip, ReproducesStraightLinesAndStaysMonotone) {
  std::vector<double> x = {1, 2, 4, 8, 16}, y;
  for (double v : x) y.push_back(600 - (100 + 0.5 * v));
  Pchip line(x, y);
  for (double t = 1; t <= 16; t += 0.25) EXPECT_NEAR(line(t), 500 - 0.5 * t, 1e-9) << t;

  std::vector<double> steps = {0, 0.1, 5, 5.1, 10}, fx = {0, 1, 2, 3, 4};
  Pchip monotone(fx, steps);
  double previous = monotone(0);
  for (double t = 0; t <= 4; t += 0.01) {
    EXPECT_GE(monotone(t), previous - 1e-12) << t;
    previous = monotone(t);
  }
}

TEST(Pchip, TwoPointsAreALineAndOnePointIsAConstant) {
  std::vector<double> x = {0, 4}, y = {1, 9};
  Pchip line(x, y);
  EXPECT_DOUBLE_EQ(line(1), 3);
  EXPECT_DOUBLE_EQ(line(-5), 1);  // clamped outside the knots
  EXPECT_DOUBLE_EQ(line(10), 9);
  std::vector<double> x1 = {2}, y1 = {7};
  EXPECT_DOUBLE_EQ(Pchip(x1, y1)(100), 7);
  std::vector<double> unsorted = {0, 0}, yy = {1, 2};
  EXPECT_THROW(Pchip(unsorted, yy), std::invalid_argument);
  EXPECT_THROW(Pchip(std::vector<double>{}, std::vector<double>{}), std::invalid_argument);
}

TEST(Pchip, FirstCrossingBelowALevel) {
  std::vector<double> x = {0, 10, 20}, y = {5, 1, -3};  // a straight line through 0 at 12.5
  Pchip p(x, y);
  auto root = first_crossing_below(p, 0.0);
  ASSERT_TRUE(root);
  EXPECT_NEAR(*root, 12.5, 1e-9);
  EXPECT_EQ(first_crossing_below(p, 10.0), 0.0);  // starts below
  EXPECT_FALSE(first_crossing_below(p, -5.0));    // never reaches it
  std::vector<double> flat = {3, 0, 0};           // touches 0 at a knot
  // A double root: the curve meets 0 tangentially, so rounding decides the last ~1e-8.
  EXPECT_NEAR(*first_crossing_below(Pchip(x, flat), 0.0), 10.0, 1e-6);
}

}  // namespace
}  // namespace aiperf
