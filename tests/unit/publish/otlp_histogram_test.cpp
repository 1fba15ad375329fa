#include "publish/otlp_histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace aiperf {
namespace {

TEST(ExplicitHistogram, UpperBoundsAreInclusive) {
  const double bounds[] = {1, 2};
  ExplicitHistogram h(bounds);
  for (double v : {0.5, 1.0, 1.5, 2.0, 2.5}) h.add(v);
  EXPECT_EQ(h.counts(), (std::vector<uint64_t>{2, 2, 1}));
  EXPECT_EQ(h.count(), 5u);
  EXPECT_DOUBLE_EQ(h.sum(), 7.5);
  EXPECT_DOUBLE_EQ(h.min(), 0.5);
  EXPECT_DOUBLE_EQ(h.max(), 2.5);
}

TEST(ExplicitHistogram, NonFiniteValuesAreLeftOut) {
  ExplicitHistogram h(kGenAiDurationBounds);
  h.add(std::nan(""));
  h.add(INFINITY);
  h.add(0.05);
  EXPECT_EQ(h.count(), 1u);
  EXPECT_EQ(h.counts().size(), std::size(kGenAiDurationBounds) + 1);
  EXPECT_EQ(h.counts()[3], 1u);  // (0.04, 0.08]
}

TEST(ExplicitHistogram, SemconvBoundariesAscend) {
  for (std::span<const double> b :
       {std::span<const double>(kGenAiDurationBounds), std::span<const double>(kGenAiTokenBounds),
        std::span<const double>(kOtelDefaultBounds)})
    EXPECT_TRUE(std::is_sorted(b.begin(), b.end()));
  EXPECT_EQ(kGenAiTokenBounds[13], 67108864);
  EXPECT_DOUBLE_EQ(kGenAiDurationBounds[13], 81.92);
}

}  // namespace
}  // namespace aiperf
