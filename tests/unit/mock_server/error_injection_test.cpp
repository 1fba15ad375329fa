#include "mock_server/error_injection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace aiperf::mock {
namespace {

std::vector<bool> decisions(double rate, uint64_t seed, int n) {
  ErrorInjector e(rate, seed);
  std::vector<bool> out;
  for (int i = 0; i < n; ++i) out.push_back(e.next_fails());
  return out;
}

int count(const std::vector<bool>& v) { return static_cast<int>(std::count(v.begin(), v.end(), true)); }

TEST(ErrorInjector, ZeroAndOneAreExact) {
  EXPECT_EQ(count(decisions(0.0, 1, 1000)), 0);
  EXPECT_EQ(count(decisions(1.0, 1, 1000)), 1000);
}

TEST(ErrorInjector, RateIsRoughlyHonoured) {
  int failed = count(decisions(0.3, 7, 20000));
  EXPECT_NEAR(failed / 20000.0, 0.3, 0.02);
}

TEST(ErrorInjector, SameSeedSameDecisions) {
  EXPECT_EQ(decisions(0.5, 42, 500), decisions(0.5, 42, 500));
  EXPECT_NE(decisions(0.5, 42, 500), decisions(0.5, 43, 500));
}

}  // namespace
}  // namespace aiperf::mock
