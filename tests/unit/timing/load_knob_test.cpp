// Strategies following a LoadKnob (adaptive scale, cli-and-load.md §5.7): the closed loop
// raises and lowers its limit without cancelling anything, the open loop changes its rate, and
// both stop sending at the knob's stop time. Workers hand back retired renewals.
#include "timing/load_knob.h"

#include <gtest/gtest.h>

#include <vector>

#include "common/clock.h"
#include "timing/concurrency_strategy.h"
#include "timing/renewal_budget.h"
#include "timing/request_rate_strategy.h"

namespace aiperf {
namespace {

struct KnobControl : PhaseControl {
  bool can_send() const override { return !finished; }
  void issue(int64_t scheduled_ns) override {
    sent.push_back(scheduled_ns);
    ++out;
    ++prefill_in_use;
  }
  void issue_entry(int64_t scheduled_ns, uint32_t) override { issue(scheduled_ns); }
  void finish_sending() override { finished = true; }
  int64_t in_flight() const override { return out; }
  void retire_renewals(int64_t excess) override { retired.push_back(excess); }
  bool prefill_slot_free() const override { return prefill_in_use < prefill_limit; }
  void set_prefill_limit(int64_t limit) override { prefill_limit = limit; }
  std::vector<int64_t> sent;
  int64_t prefill_limit = INT64_MAX, prefill_in_use = 0;
  std::vector<int64_t> retired;
  int64_t out = 0;
  bool finished = false;
};

TEST(LoadKnob, ClosedLoopFollowsTheKnobUpAndDown) {
  LoadKnob knob(2);
  ConcurrencyStrategy s(2, 0, &knob);
  KnobControl c;
  s.start(c);
  EXPECT_EQ(c.out, 2);
  const int64_t poll = s.next_deadline_ns();
  EXPECT_GT(poll, 0);  // it polls the knob

  knob.set(5);
  s.deadline_reached(c, poll);
  EXPECT_EQ(c.out, 5);  // raised at once
  EXPECT_EQ(c.retired, (std::vector<int64_t>{-2, -3}));  // nothing owed back
  EXPECT_EQ(s.next_deadline_ns(), poll + LoadKnob::kPollNs);

  knob.set(3);
  s.deadline_reached(c, s.next_deadline_ns());
  EXPECT_EQ(c.out, 5);  // nothing cancelled: two credits are to come back instead of renewing
  EXPECT_EQ(c.retired.back(), 2);
  --c.out;
  s.credit_returned(c);
  --c.out;
  s.credit_returned(c);
  EXPECT_EQ(c.out, 3);  // not replaced: at the new limit
  --c.out;
  s.credit_returned(c);
  EXPECT_EQ(c.out, 3);  // below it: replaced

  const int64_t now = mono_ns();
  knob.stop_at(now);
  s.deadline_reached(c, now);
  EXPECT_TRUE(c.finished);
}

TEST(LoadKnob, ClosedLoopMayMoveThePrefillLimitInstead) {
  LoadKnob knob(1);
  ConcurrencyStrategy s(4, 0, &knob, /*knob_moves_prefill=*/true);
  KnobControl c;
  c.prefill_limit = 1;
  s.start(c);
  EXPECT_EQ(c.prefill_limit, 1);
  EXPECT_EQ(c.out, 1);  // its request awaits its first token
  knob.set(3);
  s.deadline_reached(c, s.next_deadline_ns());
  EXPECT_EQ(c.prefill_limit, 3);
  EXPECT_EQ(c.out, 3);  // two more prefill slots, still within the concurrency of 4
  EXPECT_TRUE(c.retired.empty());  // the concurrency is not the knob's
}

TEST(LoadKnob, OpenLoopTakesTheKnobsRateAndRescalesTheWait) {
  PhaseSpec spec;
  spec.request_rate = 10;
  spec.arrival_pattern = ArrivalPattern::constant;
  spec.concurrency = 0;
  spec.adaptive = AdaptiveVariable::request_rate;
  LoadKnob knob(10);
  spec.knob = &knob;
  RequestRateStrategy s(spec);
  KnobControl c;
  s.start(c);
  const int64_t poll = s.next_deadline_ns();  // the poll comes before the first arrival (100 ms)
  s.deadline_reached(c, poll);
  EXPECT_TRUE(c.sent.empty());
  EXPECT_EQ(s.next_deadline_ns(), poll + LoadKnob::kPollNs);

  knob.set(100);  // ten times the rate: the 80 ms still to wait become 8 ms
  const int64_t at = poll + LoadKnob::kPollNs;
  s.deadline_reached(c, at);
  EXPECT_TRUE(c.sent.empty());
  // Constant gaps: the first arrival was due 100 ms after the start; 80 ms of it were left.
  const int64_t start = poll - LoadKnob::kPollNs;
  const int64_t due = at + (start + 100'000'000 - at) / 10;
  EXPECT_NEAR(double(s.next_deadline_ns()), double(due), 2.0);
  s.deadline_reached(c, s.next_deadline_ns());
  ASSERT_EQ(c.sent.size(), 1u);
  EXPECT_NEAR(double(c.sent[0]), double(due), 2.0);

  knob.stop_at(at);
  s.deadline_reached(c, due + LoadKnob::kPollNs);
  EXPECT_TRUE(c.finished);
}

TEST(LoadKnob, RetiredRenewalsComeBackInsteadOfRenewing) {
  std::atomic<uint64_t> ids{0};
  RenewalBudget budget(BenchmarkPhase::profiling, UINT64_MAX, 0, 10, ids);
  Credit c;
  budget.retire(2);
  EXPECT_FALSE(budget.renew(c));
  EXPECT_FALSE(budget.renew(c));
  EXPECT_TRUE(budget.renew(c));
  EXPECT_EQ(budget.taken(), 1u);  // refused renewals take nothing
  budget.retire(1);
  budget.retire(-4);  // a raised limit withdraws what was owed
  EXPECT_TRUE(budget.renew(c));
  EXPECT_TRUE(budget.take(c, true));  // the issuer's own credits are never retired
}

}  // namespace
}  // namespace aiperf
