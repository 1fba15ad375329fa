#include "mock_server/token_schedule.h"

#include <gtest/gtest.h>

namespace aiperf::mock {
namespace {

using namespace std::chrono_literals;

TEST(TokenSchedule, DeadlinesAreAbsoluteFromRequestRead) {
  TokenSchedule s{TokenSchedule::Clock::time_point{} + 1s, TokenSchedule::from_ms(50), TokenSchedule::from_ms(2.5)};
  EXPECT_EQ(s.due(0) - s.t0, 50ms);
  EXPECT_EQ(s.due(1) - s.t0, 52500us);
  EXPECT_EQ(s.due(1000) - s.t0, 2550ms);  // no accumulated rounding
}

}  // namespace
}  // namespace aiperf::mock
