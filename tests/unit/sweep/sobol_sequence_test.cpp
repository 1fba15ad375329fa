#include "sweep/sobol_sequence.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <vector>

#include "sweep_test_values.h"

namespace aiperf {
namespace {

using sweep_test::column;

TEST(SobolSequence, FirstPointsMatchThePublishedSequence) {
  // The unscrambled Sobol sequence after its all-zero first point.
  auto points = sobol_samples(8, 3);
  EXPECT_THAT(column(points, 0), ::testing::ElementsAre(0.5, 0.75, 0.25, 0.375, 0.875, 0.625, 0.125, 0.1875));
  EXPECT_THAT(column(points, 1), ::testing::ElementsAre(0.5, 0.25, 0.75, 0.375, 0.875, 0.125, 0.625, 0.3125));
  // Dimension 3 (x² + x + 1, m = 1, 3; m3 = 2·3 ⊕ 4·1 ⊕ 1 = 3): v = 1/2, 3/4, 3/8, ...
  // x1 = 1/2, x2 = 1/2 ⊕ 3/4 = 1/4, x3 = 1/4 ⊕ 1/2 = 3/4, x4 = 3/4 ⊕ 3/8 = 5/8, x5 = 5/8 ⊕ 1/2 = 1/8
  auto third = column(points, 2);
  EXPECT_THAT(std::vector<double>(third.begin(), third.begin() + 5),
              ::testing::ElementsAre(0.5, 0.25, 0.75, 0.625, 0.125));
}

// Every block of 2^k consecutive points starting at index j·2^k puts exactly one point in each
// interval [i/2^k, (i+1)/2^k) of every dimension (a (0, k, 1)-net per coordinate).
void expect_stratified(SobolSequence& seq, int k) {
  const int n = 1 << k;
  std::vector<std::set<int>> cells(size_t(seq.dimensions()));
  for (int i = 0; i < n; ++i) {
    auto p = seq.next();
    for (int d = 0; d < seq.dimensions(); ++d) {
      ASSERT_GE(p[d], 0.0);
      ASSERT_LT(p[d], 1.0);
      cells[size_t(d)].insert(int(std::floor(p[d] * n)));
    }
  }
  for (int d = 0; d < seq.dimensions(); ++d) EXPECT_EQ(int(cells[size_t(d)].size()), n) << "dimension " << d + 1;
}

TEST(SobolSequence, EveryDimensionIsStratified) {
  for (int k : {4, 7, 10}) {
    SobolSequence seq(SobolSequence::kMaxDimensions);
    for (int i = 1; i < (1 << k); ++i) seq.next();  // indices 1 .. 2^k − 1
    expect_stratified(seq, k);                      // indices 2^k .. 2^(k+1) − 1
  }
}

TEST(SobolSequence, FirstTwoDimensionsFormA0NetInTwoDimensions) {
  // Indices 64..127: for every split a + b = 6, one point per box of 2^−a × 2^−b.
  SobolSequence seq(2);
  for (int i = 1; i < 64; ++i) seq.next();
  std::vector<std::vector<double>> points;
  for (int i = 0; i < 64; ++i) points.push_back(seq.next());
  for (int a = 0; a <= 6; ++a) {
    std::set<std::pair<int, int>> boxes;
    for (const auto& p : points) boxes.insert({int(p[0] * (1 << a)), int(p[1] * (1 << (6 - a)))});
    EXPECT_EQ(boxes.size(), 64u) << "a = " << a;
  }
}

TEST(SobolSequence, ScramblingIsSeededAndKeepsTheStratification) {
  auto a = sobol_samples(16, 4, 7), b = sobol_samples(16, 4, 7), c = sobol_samples(16, 4, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, sobol_samples(16, 4));
  SobolSequence seq(SobolSequence::kMaxDimensions, 12345);
  for (int i = 1; i < 256; ++i) seq.next();
  expect_stratified(seq, 8);
}

TEST(SobolSequence, RejectsUnsupportedDimensions) {
  EXPECT_THROW(SobolSequence(0), std::invalid_argument);
  EXPECT_THROW(SobolSequence(SobolSequence::kMaxDimensions + 1), std::invalid_argument);
  EXPECT_NO_THROW(SobolSequence(8));
}

}  // namespace
}  // namespace aiperf
