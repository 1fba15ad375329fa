#include "timing/user_centric_strategy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "timing/user_centric_start.h"

namespace aiperf {
namespace {

TEST(UserCentricStart, VirtualHistoryWhenAgesWalkEveryResidue) {
  // U = 3, L = 2 (3 turns a conversation): gcd 1, slots from the ages.
  auto users = user_centric_initial_users(3, 2);
  ASSERT_EQ(users.size(), 3u);  // user 0 has finished; one brand-new user replaces it
  EXPECT_EQ(users[0].order, 0);
  EXPECT_EQ(users[0].turns, kWholeConversation);
  // i = 1: age 4, turns 2 - 1 = 1, slot 4 % 3 = 1 -> order 2; i = 2: age 2, turns 2, slot 2 -> order 1.
  EXPECT_EQ(users[1].order, 2);
  EXPECT_EQ(users[1].turns, 1u);
  EXPECT_EQ(users[2].order, 1);
  EXPECT_EQ(users[2].turns, 2u);
}

TEST(UserCentricStart, CoprimeStepWhenAgesCollide) {
  // U = 4, L = 2: gcd 2, so slots step by 3 (the smallest k > 1 coprime with 4).
  auto users = user_centric_initial_users(4, 2);
  ASSERT_EQ(users.size(), 4u);
  std::set<int64_t> orders;
  for (const auto& u : users) orders.insert(u.order);
  EXPECT_EQ(orders, (std::set<int64_t>{0, 1, 2, 3}));  // distinct: one user per stagger slot
  EXPECT_EQ(users[1].order, 4 - 3);       // i = 1: slot 3
  EXPECT_EQ(users[1].turns, 2u - 1u);     // age 6 -> 2 - 6/4
  EXPECT_EQ(users[2].order, 4 - 2);       // i = 2: slot 6 % 4
  EXPECT_EQ(users[3].order, 4 - 1);       // i = 3: slot 9 % 4
  EXPECT_EQ(users[3].turns, 2u);          // age 2 -> 2 - 0
}

TEST(UserCentricStart, ManyUsersGetDistinctOrders) {
  for (int64_t U : {1, 2, 5, 6, 12, 64})
    for (int64_t L : {1, 2, 3, 4, 9}) {
      auto users = user_centric_initial_users(U, L);
      std::set<int64_t> orders;
      for (const auto& u : users) {
        EXPECT_TRUE(orders.insert(u.order).second) << "U=" << U << " L=" << L;
        EXPECT_GE(u.order, 0);
        EXPECT_LE(u.order, U);
        EXPECT_GE(u.turns, 1u);
      }
      EXPECT_EQ(users.size(), size_t(U));  // every user but the finished one, plus the new one
    }
}

// A deterministic stand-in for the issuer's Phase on a fake clock: sessions, continuations
// and replies that take `latency_ns`.
struct Sim : PhaseControl {
  struct Sent {
    int64_t at_ns, scheduled_ns;
    uint64_t session;
    uint32_t turn;
  };
  int64_t now = 1'000'000'000;
  int64_t latency_ns = 1'000'000;
  uint32_t conversation_turns = 3;
  size_t limit = SIZE_MAX;  // --request-count
  int64_t sessions_active = 0;
  uint64_t next_session = 0;
  std::vector<Sent> sent;
  std::multimap<int64_t, Credit> replies;       // when each in-flight turn returns
  std::multimap<int64_t, Credit> continuations;  // waiting out their time
  std::queue<std::pair<int64_t, Credit>> ready;
  UserCentricStrategy* strategy = nullptr;

  bool can_send() const override { return sent.size() < limit; }
  void issue(int64_t s) override { start_session(s, UINT32_MAX); }
  void issue_entry(int64_t s, uint32_t) override { issue(s); }
  void finish_sending() override {}
  int64_t in_flight() const override { return sessions_active; }
  uint32_t start_session(int64_t scheduled_ns, uint32_t max_turns) override {
    if (!can_send()) return 0;
    Credit c;
    c.session_id = next_session++;
    c.session_turns = std::min(max_turns, conversation_turns);
    ++sessions_active;
    send(c, scheduled_ns);
    return c.session_turns;
  }
  bool issue_continuation(int64_t scheduled_ns) override {
    if (ready.empty()) return false;
    auto [due, c] = ready.front();
    ready.pop();
    if (!can_send()) {
      --sessions_active;
      return false;
    }
    send(c, scheduled_ns == kAtDue ? due : scheduled_ns);
    return true;
  }
  void send(Credit c, int64_t scheduled_ns) {
    c.scheduled_ns = scheduled_ns;
    sent.push_back({now, scheduled_ns, c.session_id, c.turn_index});
    replies.emplace(now + latency_ns, c);
  }

  // Runs events in time order until nothing is left or `until_ns`; false if it had to stop.
  bool run(int64_t until_ns) {
    for (;;) {
      int64_t next = INT64_MAX;
      if (!replies.empty()) next = std::min(next, replies.begin()->first);
      if (!continuations.empty()) next = std::min(next, continuations.begin()->first);
      if (int64_t d = strategy->next_deadline_ns()) next = std::min(next, d);
      if (next == INT64_MAX) return true;
      if (next > until_ns) {
        now = until_ns;
        return false;
      }
      now = std::max(now, next);
      if (!replies.empty() && replies.begin()->first <= now) {
        Credit c = replies.begin()->second;
        replies.erase(replies.begin());
        c.done_ns = now;
        if (c.turn_index + 1 >= c.session_turns || !can_send()) {
          --sessions_active;
        } else {
          Credit next_turn = c;
          next_turn.turn_index++;
          continuations.emplace(strategy->continuation_due_ns(c, now), next_turn);
        }
        strategy->credit_returned(*this);
        continue;
      }
      if (!continuations.empty() && continuations.begin()->first <= now) {
        ready.push(*continuations.begin());
        continuations.erase(continuations.begin());
        strategy->continuations_ready(*this);
        continue;
      }
      strategy->deadline_reached(*this, now);
    }
  }
};

PhaseSpec user_centric(double rate, int64_t users, double turns) {
  PhaseSpec spec;
  spec.user_centric_rate = rate;
  spec.num_users = users;
  spec.average_turns = turns;
  spec.concurrency = 0;
  return spec;
}

TEST(UserCentricStrategy, StopsSpawningAtTheStopConditionAndEnds) {
  Sim sim;
  sim.limit = 10;  // upstream's default request count
  UserCentricStrategy s(user_centric(100, 4, 3), [&] { return sim.now; });
  sim.strategy = &s;
  s.start(sim);
  ASSERT_TRUE(sim.run(sim.now + 60'000'000'000)) << "did not terminate";
  EXPECT_EQ(sim.sent.size(), 10u);
  EXPECT_EQ(sim.sessions_active, 0);
  EXPECT_EQ(s.next_deadline_ns(), 0);  // nothing left to spawn
}

TEST(UserCentricStrategy, SteadyStateRateAndPerUserGap) {
  Sim sim;
  sim.limit = 2000;
  const double Q = 50, U = 5;
  UserCentricStrategy s(user_centric(Q, int64_t(U), 4), [&] { return sim.now; });
  sim.strategy = &s;
  const int64_t t0 = sim.now;
  s.start(sim);
  ASSERT_TRUE(sim.run(t0 + 3600'000'000'000LL));
  ASSERT_EQ(sim.sent.size(), 2000u);
  // Staggered start: the first U users fire 1/Q apart, beginning at once.
  for (size_t i = 0; i < size_t(U); ++i) EXPECT_EQ(sim.sent[i].scheduled_ns - t0, int64_t(i) * 20'000'000);
  // Steady state: Q requests/s in total...
  const double span_s = double(sim.sent.back().at_ns - sim.sent.front().at_ns) / 1e9;
  EXPECT_NEAR(double(sim.sent.size() - 1) / span_s, Q, Q * 0.02);
  // ...and each user's turns exactly U/Q apart (replies are faster than the gap).
  std::map<uint64_t, std::vector<int64_t>> by_session;
  for (const auto& x : sim.sent) by_session[x.session].push_back(x.scheduled_ns);
  size_t gaps = 0;
  for (auto& [id, times] : by_session)
    for (size_t i = 1; i < times.size(); ++i, ++gaps) EXPECT_EQ(times[i] - times[i - 1], 100'000'000);
  EXPECT_GT(gaps, 1000u);
  // Every request was sent when planned (open loop, no ceiling).
  for (const auto& x : sim.sent) EXPECT_EQ(x.at_ns, x.scheduled_ns);
}

TEST(UserCentricStrategy, LateRepliesReanchorTheNextTurn) {
  Sim sim;
  sim.limit = 12;
  sim.latency_ns = 150'000'000;  // longer than the 100 ms gap
  UserCentricStrategy s(user_centric(10, 1, 3), [&] { return sim.now; });
  sim.strategy = &s;
  s.start(sim);
  ASSERT_TRUE(sim.run(sim.now + 60'000'000'000LL));
  std::map<uint64_t, std::vector<Sim::Sent>> by_session;
  for (const auto& x : sim.sent) by_session[x.session].push_back(x);
  for (auto& [id, turns] : by_session)
    for (size_t i = 1; i < turns.size(); ++i)
      EXPECT_EQ(turns[i].scheduled_ns - turns[i - 1].scheduled_ns, 150'000'000);  // max(now, prev + gap)
}

TEST(UserCentricStrategy, ConcurrencyHoldsSpawnsBackWithoutLosingThem) {
  Sim sim;
  sim.limit = 40;
  sim.latency_ns = 30'000'000;
  PhaseSpec spec = user_centric(200, 8, 3);
  spec.concurrency = 2;
  UserCentricStrategy s(spec, [&] { return sim.now; });
  sim.strategy = &s;
  s.start(sim);
  int64_t peak = 0;
  // Step the simulation, watching the session count.
  for (int i = 0; i < 100000 && !sim.run(sim.now + 1'000'000); ++i) peak = std::max(peak, sim.sessions_active);
  EXPECT_LE(peak, 2);
  EXPECT_EQ(sim.sent.size(), 40u);
  EXPECT_EQ(sim.sessions_active, 0);
}

}  // namespace
}  // namespace aiperf
