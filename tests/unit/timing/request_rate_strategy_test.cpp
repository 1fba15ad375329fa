#include "timing/request_rate_strategy.h"

#include <gtest/gtest.h>

#include <vector>

#include "common/clock.h"
#include "phase_specs.h"

namespace aiperf {
namespace {

// Records what the strategy asks for; credits stay "in flight" until the test returns them.
struct RateControl : PhaseControl {
  bool can_send() const override { return sent.size() < limit; }
  void issue(int64_t scheduled_ns) override { sent.push_back(scheduled_ns); ++out; }
  void issue_entry(int64_t scheduled_ns, uint32_t) override { issue(scheduled_ns); }
  void finish_sending() override {}
  int64_t in_flight() const override { return out; }
  std::vector<int64_t> sent;
  size_t limit = SIZE_MAX;
  int64_t out = 0;
};

using testing::constant_rate;

TEST(RequestRateStrategy, ArrivalsSitOnAnAbsoluteGridFromTheStart) {
  RequestRateStrategy s(constant_rate(1000));
  RateControl c;
  s.start(c);
  const int64_t first = s.next_deadline_ns();
  EXPECT_TRUE(c.sent.empty());  // the first arrival is one gap after the start, not at it
  // Late by 3.5 ms (within the 10 ms catch-up bound): the four due arrivals go at once,
  // each stamped with its own scheduled time.
  s.deadline_reached(c, first + 3'500'000);
  ASSERT_EQ(c.sent.size(), 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(c.sent[i], first + int64_t(i) * 1'000'000);
  EXPECT_EQ(s.next_deadline_ns(), first + 4'000'000);
  EXPECT_EQ(s.arrival_counts().dropped_catching_up, 0u);
}

TEST(RequestRateStrategy, CatchUpIsBoundedAndTheRestCounted) {
  PhaseSpec spec = constant_rate(1000);
  spec.max_catchup_s = 0.005;
  RequestRateStrategy s(spec);
  RateControl c;
  s.start(c);
  const int64_t first = s.next_deadline_ns();
  // A 100 ms stall: arrivals more than 5 ms overdue are dropped, the last 5 ms' worth sent.
  const int64_t now = first + 100'000'000;
  s.deadline_reached(c, now);
  EXPECT_EQ(c.sent.size(), 6u);  // first+95 ms .. first+100 ms
  EXPECT_EQ(s.arrival_counts().dropped_catching_up, 95u);
  EXPECT_EQ(c.sent.front(), now - 5'000'000);
  EXPECT_EQ(c.sent.size() + s.arrival_counts().dropped_catching_up, 101u);  // every arrival accounted for
  EXPECT_EQ(s.next_deadline_ns(), now + 1'000'000);  // still on the original grid
}

TEST(RequestRateStrategy, ZeroCatchUpSendsOnlyTheCurrentArrival) {
  PhaseSpec spec = constant_rate(1000);
  spec.max_catchup_s = 0;
  RequestRateStrategy s(spec);
  RateControl c;
  s.start(c);
  const int64_t first = s.next_deadline_ns();
  s.deadline_reached(c, first + 20'000'000);
  EXPECT_EQ(c.sent.size(), 1u);
  EXPECT_EQ(s.arrival_counts().dropped_catching_up, 20u);
}

TEST(RequestRateStrategy, ConcurrencyCeilingSkipsArrivalsInsteadOfQueueing) {
  PhaseSpec spec = constant_rate(1000);
  spec.concurrency = 2;
  RequestRateStrategy s(spec);
  RateControl c;
  s.start(c);
  const int64_t first = s.next_deadline_ns();
  s.deadline_reached(c, first + 4'000'000);  // five arrivals due, two slots
  EXPECT_EQ(c.sent.size(), 2u);
  EXPECT_EQ(s.arrival_counts().skipped_at_cap, 3u);
  c.out = 0;  // both return
  s.deadline_reached(c, first + 5'000'000);
  EXPECT_EQ(c.sent.size(), 3u);  // skipped arrivals are not made up later
  EXPECT_EQ(c.sent.back(), first + 5'000'000);
}

TEST(RequestRateStrategy, StopsWhenThePhaseMayNotSend) {
  RequestRateStrategy s(constant_rate(1000));
  RateControl c;
  c.limit = 3;
  s.start(c);
  s.deadline_reached(c, s.next_deadline_ns() + 8'000'000);
  EXPECT_EQ(c.sent.size(), 3u);
  EXPECT_EQ(s.arrival_counts().skipped_at_cap, 0u);
}

TEST(RequestRateStrategy, SeededScheduleIsReproducible) {
  auto offsets = [] {
    PhaseSpec spec;
    spec.request_rate = 500;
    spec.arrival_pattern = ArrivalPattern::poisson;
    spec.random_seed = 11;
    spec.concurrency = 0;  // no ceiling
    spec.max_catchup_s = 1e9;  // keep everything: only the timeline matters here
    RequestRateStrategy s(spec);
    RateControl c;
    s.start(c);
    const int64_t start = s.next_deadline_ns();
    s.deadline_reached(c, start + 1'000'000'000);
    std::vector<int64_t> rel;
    for (int64_t t : c.sent) rel.push_back(t - start);
    return rel;
  };
  auto a = offsets(), b = offsets();
  EXPECT_GT(a.size(), 400u);
  EXPECT_EQ(a, b);
}

TEST(RequestRateStrategy, RampStartsSlowAndReachesTheTarget) {
  PhaseSpec spec = constant_rate(1000);
  spec.rate_ramp_s = 1.0;  // starts at 100 req/s
  spec.max_catchup_s = 1e9;
  RequestRateStrategy s(spec);
  RateControl c;
  s.start(c);
  const int64_t t0 = s.next_deadline_ns() - 10'000'000;  // first gap at 100 req/s
  s.deadline_reached(c, t0 + 2'000'000'000);
  size_t first_100ms = 0, last_second = 0;
  for (int64_t t : c.sent) {
    if (t - t0 <= 100'000'000) ++first_100ms;
    if (t - t0 > 1'000'000'000) ++last_second;
  }
  EXPECT_EQ(first_100ms, 10u);
  EXPECT_NEAR(double(last_second), 1000, 2);
  // Ten 0.1 s steps at 100, 190, ..., 910 req/s: ~505 arrivals in the ramp's second.
  EXPECT_NEAR(double(c.sent.size()), 1000 + 505, 10);
}

}  // namespace
}  // namespace aiperf
