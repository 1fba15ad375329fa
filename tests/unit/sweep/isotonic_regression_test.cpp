#include "sweep/isotonic_regression.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace aiperf {
namespace {

using ::testing::DoubleNear;
using ::testing::ElementsAre;

TEST(IsotonicRegression, PoolsEachViolatingPair) {
  // By hand: (3, 2) → 2.5, 2.5; (4, 3) → 3.5, 3.5; the blocks are then in order.
  std::vector<double> y = {1, 3, 2, 4, 3, 5};
  EXPECT_THAT(isotonic_increasing(y), ElementsAre(1, 2.5, 2.5, 3.5, 3.5, 5));
}

TEST(IsotonicRegression, PoolsBackwardsAcrossSeveralBlocks) {
  // By hand: [1] [5]; 1 pools with 5 → [1] [3 3]; 0 pools with that block → (3·2 + 0)/3 = 2,
  // still above 1 → [1] [2 2 2].
  std::vector<double> y = {1, 5, 1, 0};
  EXPECT_THAT(isotonic_increasing(y), ElementsAre(1, 2, 2, 2));
  std::vector<double> falling = {4, 3, 2, 1};
  EXPECT_THAT(isotonic_increasing(falling), ElementsAre(2.5, 2.5, 2.5, 2.5));
}

TEST(IsotonicRegression, WeightsPullThePooledMean) {
  // (3·1 + 1·3) / (1 + 3) = 1.5
  std::vector<double> y = {3, 1};
  std::vector<double> w = {1, 3};
  EXPECT_THAT(isotonic_increasing(y, w), ElementsAre(1.5, 1.5));
  // [0] then (10·1 + 4·1 + 1·2)/4 = 4
  std::vector<double> y2 = {0, 10, 4, 1};
  std::vector<double> w2 = {1, 1, 1, 2};
  EXPECT_THAT(isotonic_increasing(y2, w2), ElementsAre(0, 4, 4, 4));
}

TEST(IsotonicRegression, DecreasingFitMirrorsTheIncreasingOne) {
  // Margins that fall with load, one noisy bump: (40, 50) → 45, 45.
  std::vector<double> y = {100, 80, 40, 50, -10};
  EXPECT_THAT(isotonic_decreasing(y), ElementsAre(100, 80, 45, 45, -10));
}

TEST(IsotonicRegression, OrderedDataIsUnchangedAndEdgeCases) {
  std::vector<double> y = {-2, 0, 0, 7};
  EXPECT_THAT(isotonic_increasing(y), ElementsAre(-2, 0, 0, 7));
  EXPECT_TRUE(isotonic_increasing(std::vector<double>{}).empty());
  std::vector<double> one = {3};
  EXPECT_THAT(isotonic_increasing(one), ElementsAre(3));
  std::vector<double> bad_w = {1, 0};
  EXPECT_THROW(isotonic_increasing(y, std::vector<double>{1}), std::invalid_argument);
  EXPECT_THROW(isotonic_increasing(std::vector<double>{1, 2}, bad_w), std::invalid_argument);
}

TEST(IsotonicRegression, MinimisesTheSquaredErrorAmongMonotoneFits) {
  std::vector<double> y = {2, 1, 4, 3, 3, 6, 5};
  auto fit = isotonic_increasing(y);
  for (size_t i = 1; i < fit.size(); ++i) EXPECT_LE(fit[i - 1], fit[i]);
  auto sse = [&](const std::vector<double>& f) {
    double s = 0;
    for (size_t i = 0; i < y.size(); ++i) s += (y[i] - f[i]) * (y[i] - f[i]);
    return s;
  };
  // Any monotone perturbation (shift one block) does worse.
  EXPECT_THAT(fit, ElementsAre(1.5, 1.5, DoubleNear(10.0 / 3, 1e-12), DoubleNear(10.0 / 3, 1e-12),
                               DoubleNear(10.0 / 3, 1e-12), 5.5, 5.5));
  std::vector<double> other = {1.5, 1.5, 3.5, 3.5, 3.5, 5.5, 5.5};
  EXPECT_LT(sse(fit), sse(other));
}

}  // namespace
}  // namespace aiperf
