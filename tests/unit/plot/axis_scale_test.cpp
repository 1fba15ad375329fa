#include "plot/axis_scale.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace aiperf::plot {
namespace {

DataExtent extent(std::initializer_list<double> values, bool log = false) {
  DataExtent e(log);
  for (double v : values) e.add(v);
  return e;
}

TEST(AxisScale, PadsTheDataALittle) {
  const AxisRange r = choose_range(Axis{}, extent({10, 110}), false);
  EXPECT_LT(r.lo, 10);
  EXPECT_GT(r.lo, 0);
  EXPECT_GT(r.hi, 110);
  EXPECT_LT(r.hi, 120);
}

TEST(AxisScale, SinglePointAndEqualValuesGetASpan) {
  for (double v : {0.0, 5.0, -3.0, 1e-9, 1e12}) {
    const AxisRange r = choose_range(Axis{}, extent({v, v}), false);
    EXPECT_LT(r.lo, v);
    EXPECT_GT(r.hi, v);
  }
  Axis log;
  log.log = true;
  const AxisRange r = choose_range(log, extent({50}, true), false);
  EXPECT_LT(r.lo, 50);
  EXPECT_GT(r.lo, 0);
  EXPECT_GT(r.hi, 50);
}

TEST(AxisScale, NoDataGivesAUsableRange) {
  const AxisRange r = choose_range(Axis{}, extent({std::nan(""), std::numeric_limits<double>::infinity()}), false);
  EXPECT_LT(r.lo, r.hi);
  Axis log;
  log.log = true;
  const AxisRange l = choose_range(log, extent({0, -1}, true), false);
  EXPECT_GT(l.lo, 0);
  EXPECT_LT(l.lo, l.hi);
}

TEST(AxisScale, BarsStartAtZero) {
  const AxisRange r = choose_range(Axis{}, extent({40, 90}), true);
  EXPECT_EQ(r.lo, 0);
  EXPECT_GT(r.hi, 90);
  const AxisRange neg = choose_range(Axis{}, extent({-40, -90}), true);
  EXPECT_EQ(neg.hi, 0);
  EXPECT_EQ(choose_range(Axis{}, extent({0}), true).lo, 0);
}

TEST(AxisScale, FixedBoundsAreHonoured) {
  Axis a;
  a.min = 0.0;
  a.max = 50.0;
  const AxisRange both = choose_range(a, extent({10, 500}), false);
  EXPECT_EQ(both.lo, 0);
  EXPECT_EQ(both.hi, 50);
  Axis lo_only;
  lo_only.min = 0.0;
  const AxisRange r = choose_range(lo_only, extent({10, 100}), false);
  EXPECT_EQ(r.lo, 0);
  EXPECT_GT(r.hi, 100);
  Axis beyond;
  beyond.min = 1000.0;  // every value below the fixed minimum
  const AxisRange b = choose_range(beyond, extent({10, 100}), false);
  EXPECT_EQ(b.lo, 1000);
  EXPECT_GT(b.hi, 1000);
}

TEST(AxisScale, MapsToPixels) {
  const AxisScale linear({0, 100}, false, 50, 550);
  EXPECT_DOUBLE_EQ(linear.to_px(0), 50);
  EXPECT_DOUBLE_EQ(linear.to_px(50), 300);
  EXPECT_TRUE(std::isnan(linear.to_px(std::nan(""))));
  const AxisScale y({1, 1000}, true, 600, 0);  // a y axis: up is smaller
  EXPECT_DOUBLE_EQ(y.to_px(1), 600);
  EXPECT_NEAR(y.to_px(10), 400, 1e-9);
  EXPECT_TRUE(std::isnan(y.to_px(0)));
  EXPECT_TRUE(std::isnan(y.to_px(-5)));
  EXPECT_LE(linear.to_px(1e300), 1e6);  // kept inside cairo's coordinate range
}

}  // namespace
}  // namespace aiperf::plot
