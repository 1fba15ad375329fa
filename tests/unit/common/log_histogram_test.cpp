#include "common/log_histogram.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(LogHistogram, EmptyReportsZero) {
  LogHistogram h;
  EXPECT_EQ(h.count(), 0);
  EXPECT_EQ(h.quantile(0.99), 0);
  EXPECT_EQ(h.max(), 0);
}

TEST(LogHistogram, QuantilesAreWithinOneSixteenthAboveTheSample) {
  LogHistogram h;
  for (int64_t v = 1; v <= 1000; ++v) h.record(v * 10'000);  // 10 us .. 10 ms
  EXPECT_EQ(h.count(), 1000);
  EXPECT_EQ(h.max(), 10'000'000);
  const double expect[][2] = {{0.5, 5'000'000}, {0.99, 9'900'000}, {0.01, 100'000}};
  for (const auto& [q, v] : expect) {
    EXPECT_GE(double(h.quantile(q)), v) << q;
    EXPECT_LE(double(h.quantile(q)), v * (1 + 1.0 / 16)) << q;
  }
  EXPECT_EQ(h.quantile(1.0), 10'000'000);  // never above the max
}

TEST(LogHistogram, OneLongBlockDominatesTheTail) {
  LogHistogram h;
  for (int i = 0; i < 99; ++i) h.record(50'000);
  h.record(2'000'000'000);
  EXPECT_LE(h.quantile(0.99), 53'125);
  EXPECT_EQ(h.quantile(1.0), 2'000'000'000);
}

TEST(LogHistogram, NegativeAndHugeValuesAreClamped) {
  LogHistogram h;
  h.record(-5);
  h.record(int64_t(1) << 62);
  EXPECT_EQ(h.count(), 2);
  EXPECT_LT(h.quantile(0.5), 1024);  // the sub-microsecond bucket
  EXPECT_EQ(h.max(), int64_t(1) << 62);
  EXPECT_GT(h.quantile(1.0), int64_t(1) << 42);
  h.clear();
  EXPECT_EQ(h.count(), 0);
}

}  // namespace
}  // namespace aiperf
