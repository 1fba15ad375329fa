#include "plot/point_thinning.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace aiperf::plot {
namespace {

TEST(PointThinning, OneMarkerPerPixelCell) {
  std::vector<double> x, y;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0, 100);
  for (int i = 0; i < 1'000'000; ++i) {
    x.push_back(u(rng));
    y.push_back(u(rng) / 2);
  }
  const auto kept = thin_markers(x, y, {0, 0, 100, 50});
  EXPECT_LE(kept.size(), 101u * 51u);
  EXPECT_GT(kept.size(), 4000u);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
}

TEST(PointThinning, SkipsNaNAndPointsOutsideTheBox) {
  const std::vector<double> x{5, std::nan(""), 500, 5.2, 6};
  const std::vector<double> y{5, 5, 5, 5.3, 5};
  EXPECT_EQ(thin_markers(x, y, {0, 0, 10, 10}), (std::vector<std::size_t>{0, 4}));
}

TEST(PointThinning, PolylinesSplitAtGaps) {
  const std::vector<double> x{0, 1, std::nan(""), 3, 4, 5};
  const std::vector<double> y{0, 1, 1, 3, std::nan(""), 5};
  const auto lines = polylines(x, y, false);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].size(), 2u);
  EXPECT_EQ(lines[1].size(), 1u);
  EXPECT_EQ(lines[2].size(), 1u);
}

TEST(PointThinning, DecimationKeepsEachColumnsExtremes) {
  std::vector<double> x, y;
  for (int i = 0; i < 100000; ++i) {
    x.push_back(i / 1000.0);  // 1000 points per pixel column
    y.push_back(i % 1000 == 500 ? 99 : (i % 1000 == 700 ? -99 : 0));
  }
  const auto lines = polylines(x, y, true);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_LE(lines[0].size(), 400u);
  int highs = 0, lows = 0;
  for (const PixelPoint& p : lines[0]) highs += p.y == 99, lows += p.y == -99;
  EXPECT_EQ(highs, 100);
  EXPECT_EQ(lows, 100);
}

TEST(PointThinning, SegmentsOnARowMerge) {
  const auto merged = merge_segments({{0, 10, 5.2}, {8, 20, 4.9}, {20.3, 25, 5}, {30, 40, 5}, {0, 3, 9}});
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0].x0, 0);
  EXPECT_EQ(merged[0].x1, 25);
  EXPECT_EQ(merged[0].y, 5);
  EXPECT_EQ(merged[1].x0, 30);
  EXPECT_EQ(merged[2].y, 9);
}

}  // namespace
}  // namespace aiperf::plot
