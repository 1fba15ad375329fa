#include "sweep/latin_hypercube.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <vector>

#include "sweep/search_planner.h"
#include "sweep_test_values.h"

namespace aiperf {
namespace {

using sweep_test::column;

TEST(LatinHypercube, EveryStratumOfEveryDimensionHoldsOneSample) {
  const int n = 37, d = 5;
  auto points = latin_hypercube(n, d, 2024);
  ASSERT_EQ(points.size(), size_t(n));
  for (int k = 0; k < d; ++k) {
    std::set<int> strata;
    for (const auto& p : points) {
      ASSERT_EQ(p.size(), size_t(d));
      ASSERT_GE(p[k], 0.0);
      ASSERT_LT(p[k], 1.0);
      strata.insert(int(std::floor(p[k] * n)));
    }
    EXPECT_EQ(int(strata.size()), n) << "dimension " << k;
  }
}

TEST(LatinHypercube, SeededAndCenteredVariants) {
  EXPECT_EQ(latin_hypercube(10, 3, 1), latin_hypercube(10, 3, 1));
  EXPECT_NE(latin_hypercube(10, 3, 1), latin_hypercube(10, 3, 2));
  auto centred = latin_hypercube(4, 2, 9, true);
  for (int k = 0; k < 2; ++k) {
    auto c = column(centred, size_t(k));
    std::sort(c.begin(), c.end());
    EXPECT_THAT(c, ::testing::ElementsAre(0.125, 0.375, 0.625, 0.875));
  }
  EXPECT_THROW(latin_hypercube(0, 2, 1), std::invalid_argument);
  EXPECT_THROW(latin_hypercube(3, 0, 1), std::invalid_argument);
}

TEST(UnitCube, IntegerDimensionsGetEqualCellsAndRoundTrip) {
  std::vector<SearchDimension> dims = {{"phases.profiling.concurrency", 1, 4, SearchKind::integer},
                                       {"phases.profiling.request_rate", 2.0, 10.0, SearchKind::real}};
  EXPECT_EQ(from_unit_cube(std::vector<double>{0.0, 0.0}, dims), (std::vector<double>{1, 2}));
  EXPECT_EQ(from_unit_cube(std::vector<double>{0.2499, 0.5}, dims), (std::vector<double>{1, 6}));
  EXPECT_EQ(from_unit_cube(std::vector<double>{0.25, 1.0}, dims), (std::vector<double>{2, 10}));
  EXPECT_EQ(from_unit_cube(std::vector<double>{0.99999, 0.25}, dims), (std::vector<double>{4, 4}));
  EXPECT_EQ(from_unit_cube(std::vector<double>{1.0, 0.0}, dims), (std::vector<double>{4, 2}));
  for (double v : {1.0, 2.0, 3.0, 4.0}) {
    auto u = to_unit_cube(std::vector<double>{v, 7.0}, dims);
    EXPECT_DOUBLE_EQ(u[0], (v - 1 + 0.5) / 4);  // the centre of the value's cell
    EXPECT_DOUBLE_EQ(u[1], 0.625);
    EXPECT_EQ(from_unit_cube(u, dims), (std::vector<double>{v, 7.0}));
  }
  // A Latin hypercube of 4 points over the integer dimension hits every value once.
  std::set<double> values;
  for (const auto& p : latin_hypercube(4, 2, 3)) values.insert(from_unit_cube(p, dims)[0]);
  EXPECT_EQ(values, (std::set<double>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace aiperf
