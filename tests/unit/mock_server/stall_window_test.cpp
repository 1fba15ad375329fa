#include "mock_server/stall_window.h"

#include <gtest/gtest.h>

namespace aiperf::mock {
namespace {

constexpr int64_t kMs = 1'000'000;

TEST(StallWindow, NothingIsHeldBeforeTheFirstRequest) {
  StallWindow w(0, 100 * kMs);
  EXPECT_EQ(w.hold_until(5 * kMs), 0);
}

TEST(StallWindow, HoldsOnceFromTheFirstRequestPlusTheDelay) {
  StallWindow w(2000 * kMs, 1000 * kMs);
  w.request_seen(10 * kMs);
  w.request_seen(500 * kMs);  // later requests do not move the window
  EXPECT_EQ(w.hold_until(2009 * kMs), 0);
  EXPECT_EQ(w.hold_until(2010 * kMs), 3010 * kMs);
  EXPECT_EQ(w.hold_until(3009 * kMs), 3010 * kMs);
  EXPECT_EQ(w.hold_until(3010 * kMs), 0);     // over, and never again
  EXPECT_EQ(w.hold_until(9000 * kMs), 0);
}

TEST(StallWindow, ZeroLengthNeverStalls) {
  StallWindow w(0, 0);
  w.request_seen(1);
  EXPECT_EQ(w.hold_until(1), 0);
}

}  // namespace
}  // namespace aiperf::mock
