#include "dataset/length_sampler.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(LengthSampler, BankersRounding) {
  EXPECT_EQ(round_half_even(2.5), 2);
  EXPECT_EQ(round_half_even(3.5), 4);
  EXPECT_EQ(round_half_even(-0.5), 0);
  EXPECT_EQ(round_half_even(2.6), 3);
}

TEST(LengthSampler, ZeroStddevIsTheRoundedMeanAtLeastOne) {
  std::mt19937_64 rng(1);
  EXPECT_EQ(sample_positive_normal_integer(550, 0, rng), 550);
  EXPECT_EQ(sample_positive_normal_integer(10.5, 0, rng), 10);
  EXPECT_EQ(sample_positive_normal_integer(11.5, -1, rng), 12);
  EXPECT_EQ(sample_positive_normal_integer(0, 0, rng), 1);
}

TEST(LengthSampler, NormalDrawsArePositiveAndCentred) {
  std::mt19937_64 rng(7);
  double sum = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    int64_t v = sample_positive_normal_integer(100, 10, rng);
    ASSERT_GE(v, 1);
    sum += double(v);
  }
  // ceil() shifts the mean up by about half a token.
  EXPECT_NEAR(sum / n, 100.5, 0.5);
}

TEST(LengthSampler, NegativeDrawsAreRejectedNotClamped) {
  std::mt19937_64 rng(3);
  int ones = 0;
  for (int i = 0; i < 2000; ++i) {
    int64_t v = sample_positive_normal_integer(1, 50, rng);
    ASSERT_GE(v, 1);
    ones += v == 1;
  }
  // Clamping would put about half the mass on 1; rejection keeps it near 1/50.
  EXPECT_LT(ones, 200);
}

}  // namespace
}  // namespace aiperf
