#include "mock_server/reply_pace.h"

#include <gtest/gtest.h>

namespace aiperf::mock {
namespace {

using namespace std::chrono_literals;
using Clock = ReplyPace::Clock;

ServingModel paced_model() {
  ServingModel m;
  m.enabled = true;
  m.decode_step_ms = 10;
  m.decode_step_ms_per_seq = 2;
  return m;
}

TEST(ReplyPace, WithoutTheModelItIsTheFixedGrid) {
  const Clock::time_point t0 = Clock::time_point{} + 1s;
  ReplyPace pace(TokenSchedule{t0, TokenSchedule::from_ms(50), TokenSchedule::from_ms(5)});
  EXPECT_FALSE(pace.stepped());
  EXPECT_EQ(pace.due(3) - t0, 65ms);
  EXPECT_EQ(pace.due(0) - t0, 50ms);  // random access
}

TEST(ReplyPace, EachStepLastsAsTheBatchIsWhenItStarts) {
  const ServingModel m = paced_model();
  BatchScheduler batch(ServingModel::kUnlimited, ServingModel::kUnlimited);
  BatchScheduler::Ticket a, b;
  ASSERT_TRUE(batch.arrive(a, 0));
  const Clock::time_point first = Clock::time_point{} + 1s;
  ReplyPace pace(first, m, batch, 4, 1);
  EXPECT_TRUE(pace.stepped());
  EXPECT_EQ(pace.due(0), first);              // the first token ends prefill
  EXPECT_EQ(pace.due(1) - first, 12ms);       // b = 1
  ASSERT_TRUE(batch.arrive(b, 0));
  EXPECT_EQ(pace.due(1) - first, 12ms);       // asked again: unchanged
  EXPECT_EQ(pace.due(2) - first, 12ms + 14ms);  // b = 2 as this step starts
  batch.leave(b, 0);
  EXPECT_EQ(pace.due(3) - first, 12ms + 14ms + 12ms);
}

TEST(ReplyPace, AChunkIsDueWithItsLastToken) {
  const ServingModel m = paced_model();
  BatchScheduler batch(ServingModel::kUnlimited, ServingModel::kUnlimited);
  BatchScheduler::Ticket a;
  ASSERT_TRUE(batch.arrive(a, 0));
  const Clock::time_point first = Clock::time_point{} + 1s;
  ReplyPace pace(first, m, batch, 7, 3);  // chunks of 3, 3, 1 tokens
  EXPECT_EQ(pace.due(0) - first, 2 * 12ms);
  EXPECT_EQ(pace.due(1) - first, 5 * 12ms);
  EXPECT_EQ(pace.due(2) - first, 6 * 12ms);
  ReplyPace empty(first, m, batch, 0, 3);  // no tokens: the reply is due when prefill ends
  EXPECT_EQ(empty.due(0), first);
}

}  // namespace
}  // namespace aiperf::mock
