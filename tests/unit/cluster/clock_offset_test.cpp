#include "cluster/clock_offset.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

// Stamps of one exchange against a client clock that runs `offset` ahead of shard 0's, with
// `out` ns on the way there, `busy` ns inside shard 0 and `back` ns on the way back.
PingStamps co_exchange(int64_t offset, int64_t send_at, int64_t out, int64_t busy, int64_t back) {
  PingStamps s;
  s.t0 = send_at + offset;
  s.t1 = send_at + out;
  s.t2 = s.t1 + busy;
  s.t3 = s.t2 + back + offset;
  return s;
}

TEST(ClockOffset, SymmetricPathGivesTheOffsetExactly) {
  ClockOffsetEstimator e;
  e.add(co_exchange(-5'000'000'000, 1'000'000, 40'000, 7'000, 40'000));
  EXPECT_EQ(e.best().offset_ns, -5'000'000'000);
  EXPECT_EQ(e.best().round_trip_ns, 80'000);  // shard 0's own time is not part of the trip
  EXPECT_EQ(e.best().uncertainty_ns, 40'000);
  EXPECT_EQ(e.best().samples, 1);
}

TEST(ClockOffset, SmallestRoundTripWinsAndAsymmetryStaysWithinTheBound) {
  ClockOffsetEstimator e;
  const int64_t offset = 37'000'000;
  e.add(co_exchange(offset, 0, 900'000, 1'000, 100'000));     // queued on the way there
  e.add(co_exchange(offset, 2'000'000, 30'000, 1'000, 50'000));  // the best
  e.add(co_exchange(offset, 4'000'000, 10'000, 1'000, 400'000));
  const ShardClock& c = e.best();
  EXPECT_EQ(c.samples, 3);
  EXPECT_EQ(c.round_trip_ns, 80'000);
  EXPECT_EQ(c.offset_ns, offset + 10'000);  // half the asymmetry
  EXPECT_LE(std::abs(c.offset_ns - offset), c.uncertainty_ns);
}

TEST(ClockOffset, AStepMidExchangeIsIgnored) {
  ClockOffsetEstimator e;
  PingStamps stepped = co_exchange(0, 0, 10'000, 0, 10'000);
  stepped.t3 = stepped.t0 - 1'000'000;  // the client's clock went back
  e.add(stepped);
  EXPECT_FALSE(e.has_estimate());
  e.add(co_exchange(3, 0, 10'000, 0, 10'000));
  EXPECT_TRUE(e.has_estimate());
  EXPECT_EQ(e.best().offset_ns, 3);
  EXPECT_EQ(e.best().samples, 2);
}

TEST(ClockOffset, OddRoundTripRoundsTheBoundUp) {
  ClockOffsetEstimator e;
  e.add(co_exchange(0, 0, 0, 0, 1));
  EXPECT_EQ(e.best().round_trip_ns, 1);
  EXPECT_EQ(e.best().uncertainty_ns, 1);
  EXPECT_LE(std::abs(e.best().offset_ns), e.best().uncertainty_ns);
}

}  // namespace
}  // namespace aiperf
