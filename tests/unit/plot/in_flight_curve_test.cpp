// The in-flight step function on hand-counted overlaps: touching intervals, shared instants,
// empty and invalid intervals, and the polyline drawn from it.
#include "plot/in_flight_curve.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace aiperf::plot {
namespace {

TEST(InFlightCurve, CountsOverlappingIntervalsExactly) {
  // [0,4) [1,3) [2,6) [5,7): 1 at 0, 2 at 1, 3 at 2, 2 at 3, 1 at 4, 2 at 5, 1 at 6, 0 at 7.
  const std::vector<double> start = {0, 1, 2, 5}, end = {4, 3, 6, 7};
  const StepCurve c = in_flight_curve(start, end);
  EXPECT_EQ(c.t, (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(c.value, (std::vector<double>{1, 2, 3, 2, 1, 2, 1, 0}));
  EXPECT_EQ(c.peak(), 3);
}

TEST(InFlightCurve, OneEndingAsAnotherStartsIsNotCountedTwice) {
  // Back-to-back turns of a closed loop: the count stays 1 at the hand-over, with no step.
  const std::vector<double> start = {0, 2, 2}, end = {2, 5, 3};
  const StepCurve c = in_flight_curve(start, end);
  EXPECT_EQ(c.t, (std::vector<double>{0, 2, 3, 5}));
  EXPECT_EQ(c.value, (std::vector<double>{1, 2, 1, 0}));
}

TEST(InFlightCurve, UnorderedInputGivesTheSameCurve) {
  const std::vector<double> start = {5, 0, 2, 1}, end = {7, 4, 6, 3};
  const StepCurve c = in_flight_curve(start, end);
  EXPECT_EQ(c.value, (std::vector<double>{1, 2, 3, 2, 1, 2, 1, 0}));
}

TEST(InFlightCurve, SkipsEmptyInvertedAndNaNIntervals) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> start = {1, 3, nan, 0, 2}, end = {1, 2, 4, nan, 4};
  const StepCurve c = in_flight_curve(start, end);
  EXPECT_EQ(c.t, (std::vector<double>{2, 4}));
  EXPECT_EQ(c.value, (std::vector<double>{1, 0}));
}

TEST(InFlightCurve, EmptyInputEmptyCurve) {
  const StepCurve c = in_flight_curve({}, {});
  EXPECT_TRUE(c.t.empty());
  EXPECT_EQ(c.peak(), 0);
}

TEST(InFlightCurve, ManyIdenticalIntervalsStepOnce) {
  const std::vector<double> start(1000, 1.5), end(1000, 2.5);
  const StepCurve c = in_flight_curve(start, end);
  EXPECT_EQ(c.t, (std::vector<double>{1.5, 2.5}));
  EXPECT_EQ(c.value, (std::vector<double>{1000, 0}));
}

TEST(InFlightCurve, StepPolylineRisesAndFallsVertically) {
  const std::vector<double> start = {0, 1}, end = {2, 3};
  std::vector<double> x, y;
  step_polyline(in_flight_curve(start, end), x, y);
  EXPECT_EQ(x, (std::vector<double>{0, 0, 1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(y, (std::vector<double>{0, 1, 1, 2, 2, 1, 1, 0}));
}

TEST(InFlightCurve, BinnedMeanIsTheTimeWeightedAverage) {
  const std::vector<double> start = {0, 1, 2, 5}, end = {4, 3, 6, 7};
  const StepCurve c = in_flight_curve(start, end);
  // [0,3.5): 1+2+3+2·0.5 = 7 over 3.5 s; [3.5,7): 2·0.5+1+2+1 = 5 over 3.5 s.
  const StepCurve two = binned_mean(c, 2);
  EXPECT_EQ(two.t, (std::vector<double>{0, 3.5, 7}));
  ASSERT_EQ(two.value.size(), 3u);
  EXPECT_DOUBLE_EQ(two.value[0], 2.0);
  EXPECT_DOUBLE_EQ(two.value[1], 10.0 / 7);
  EXPECT_EQ(two.value[2], 0);
  // One-second bins on whole-second steps give the curve back.
  const StepCurve seven = binned_mean(c, 7);
  EXPECT_EQ(seven.t, c.t);
  for (std::size_t i = 0; i < c.value.size(); ++i) EXPECT_NEAR(seven.value[i], c.value[i], 1e-12) << i;
  EXPECT_EQ(binned_mean(StepCurve{}, 10).t.size(), 0u);
}

}  // namespace
}  // namespace aiperf::plot
