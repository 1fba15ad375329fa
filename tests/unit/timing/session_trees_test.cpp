// DAG session trees through the credit issuer (workloads-and-endpoints.md §5.2): joins wait
// for the joined child's whole subtree, forks go to the parent's worker, children take no
// session slot, --request-count caps child requests, and the phase ends when trees drain.
#include "timing/credit_issuer.h"
#include "timing/agentic_replay.h"
#include "timing/trajectory_plan.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "common/clock.h"

namespace aiperf {
namespace {

using namespace std::chrono_literals;

// Returns each credit after `service` on its own thread, recording when credits came and went.
class RecordingWorker : public CreditTarget {
 public:
  RecordingWorker(size_t index, CreditReturns& returns, std::chrono::microseconds service, bool fail_children = false)
      : index_(index), returns_(returns), service_(service), fail_children_(fail_children), thread_([this] { run(); }) {}
  ~RecordingWorker() override {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void deliver(const Credit& credit) override {
    std::lock_guard lock(mu_);
    pending_.push_back(credit);
    delivered.push_back({credit, mono_ns(), 0});
    cv_.notify_all();
  }
  void cancel_in_flight(BenchmarkPhase) override {}

  struct Event {
    Credit credit;
    int64_t delivered_ns, returned_ns;
  };
  std::vector<Event> delivered;  // read after the run

 private:
  void run() {
    std::unique_lock lock(mu_);
    for (;;) {
      cv_.wait(lock, [&] { return stop_ || !pending_.empty(); });
      if (stop_) return;
      Credit c = pending_.front();
      pending_.pop_front();
      lock.unlock();
      std::this_thread::sleep_for(service_);
      c.done_ns = mono_ns();
      c.failed = fail_children_ && c.agent_depth > 0;
      lock.lock();
      for (Event& e : delivered)
        if (e.credit.id == c.id) e.returned_ns = c.done_ns;
      returns_.push(index_, c);
      returns_.notify();
    }
  }

  size_t index_;
  CreditReturns& returns_;
  std::chrono::microseconds service_;
  bool fail_children_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Credit> pending_;
  bool stop_ = false;
  std::thread thread_;
};

ConversationShape shape(uint32_t turns, bool child) {
  ConversationShape s;
  s.delay_ns.assign(turns - 1, 0);
  s.is_child = child;
  return s;
}

// The §5.2 example plus a grandchild: plan (0) spawns critic (1) joined at turn 1 and, after
// turn 1, forks draft-a (2) and draft-b (3, 30 ms think time first); critic spawns gc (4) in
// the background, whose subtree plan's turn 1 must wait for too.
std::vector<ConversationShape> example() {
  std::vector<ConversationShape> s = {shape(2, false), shape(1, true), shape(1, true), shape(1, true), shape(1, true)};
  s[0].launches = {{{1, false, 1}}, {{2, true, TurnLaunch::kNoJoin}, {3, true, TurnLaunch::kNoJoin}}};
  s[1].launches = {{{4, false, TurnLaunch::kNoJoin}}};
  s[3].first_delay_ns = 30'000'000;
  return s;
}

std::vector<RecordingWorker::Event> all_events(std::initializer_list<RecordingWorker*> workers) {
  std::vector<RecordingWorker::Event> out;
  for (RecordingWorker* w : workers) out.insert(out.end(), w->delivered.begin(), w->delivered.end());
  return out;
}

const RecordingWorker::Event& find(const std::vector<RecordingWorker::Event>& events, uint32_t conversation,
                                   uint32_t turn) {
  for (const auto& e : events)
    if (e.credit.dataset_index == conversation && e.credit.turn_index == turn) return e;
  ADD_FAILURE() << "conversation " << conversation << " turn " << turn << " never sent";
  return events.front();
}

TEST(SessionTrees, JoinWaitsForTheWholeSubtreeAndForksRunOnTheParentsWorker) {
  CreditReturns returns(2, 64);
  RecordingWorker a(0, returns, 3ms), b(1, returns, 3ms);
  CreditIssuer issuer({&a, &b}, returns, 5);
  issuer.set_conversations(example());
  PhaseSpec spec;
  spec.concurrency = 1;
  spec.session_count = 1;
  auto outcomes = issuer.run({spec});
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes[0].credits_issued, 6u);
  EXPECT_EQ(outcomes[0].credits_returned, 6u);
  EXPECT_FALSE(outcomes[0].cancelled);
  auto events = all_events({&a, &b});
  ASSERT_EQ(events.size(), 6u);
  const auto& plan0 = find(events, 0, 0);
  const auto& plan1 = find(events, 0, 1);
  // The join: critic and its grandchild came back before plan's turn 1 went out.
  EXPECT_GE(plan1.delivered_ns, find(events, 1, 0).returned_ns);
  EXPECT_GE(plan1.delivered_ns, find(events, 4, 0).returned_ns);
  EXPECT_GE(find(events, 1, 0).delivered_ns, plan0.returned_ns);
  // Forks: after plan's turn 1, on plan's worker, naming plan as parent; draft-b after its delay.
  auto worker_of = [&](uint64_t credit_id) {
    for (const auto& e : a.delivered)
      if (e.credit.id == credit_id) return 0;
    return 1;
  };
  const uint64_t plan_session = plan0.credit.session_id;
  EXPECT_EQ(plan1.credit.session_id, plan_session);
  for (uint32_t child : {2u, 3u}) {
    const auto& e = find(events, child, 0);
    EXPECT_TRUE(e.credit.forked);
    EXPECT_EQ(e.credit.parent_session_id, plan_session);
    EXPECT_EQ(e.credit.agent_depth, 1u);
    EXPECT_GE(e.delivered_ns, plan1.returned_ns);
    EXPECT_EQ(worker_of(e.credit.id), worker_of(plan1.credit.id)) << "fork " << child << " not on plan's worker";
    EXPECT_NE(e.credit.session_id, plan_session);
  }
  EXPECT_GE(find(events, 3, 0).delivered_ns, plan1.returned_ns + 30'000'000);
  EXPECT_EQ(find(events, 4, 0).credit.agent_depth, 2u);
  EXPECT_FALSE(find(events, 1, 0).credit.forked);
}

TEST(SessionTrees, ChildrenTakeNoSessionSlotAndRootsWaitForTheirTreeToDrain) {
  // Two roots (0, 1), each spawning two background children on its only turn.
  std::vector<ConversationShape> s = {shape(1, false), shape(1, false), shape(1, true), shape(1, true)};
  s[0].launches = {{{2, false, TurnLaunch::kNoJoin}, {3, false, TurnLaunch::kNoJoin}}};
  s[1].launches = s[0].launches;
  CreditReturns returns(1, 64);
  RecordingWorker w(0, returns, 20ms);
  CreditIssuer issuer({&w}, returns, 4);
  issuer.set_conversations(s);
  PhaseSpec spec;
  spec.concurrency = 1;
  spec.session_count = 2;
  auto outcomes = issuer.run({spec});
  ASSERT_EQ(w.delivered.size(), 6u);
  // Both children of a root are out at once under --concurrency 1: they hold no slot.
  EXPECT_LT(w.delivered[2].delivered_ns, w.delivered[1].returned_ns);
  // The second root starts only once the first tree has drained.
  EXPECT_EQ(w.delivered[3].credit.dataset_index, 1u);
  EXPECT_GE(w.delivered[3].delivered_ns, std::max(w.delivered[1].returned_ns, w.delivered[2].returned_ns));
  EXPECT_EQ(outcomes[0].credits_returned, 6u);
}

TEST(SessionTrees, RequestCountCapsChildRequestsAndTheRunEnds) {
  CreditReturns returns(1, 64);
  RecordingWorker w(0, returns, 1ms);
  CreditIssuer issuer({&w}, returns, 5);
  issuer.set_conversations(example());
  PhaseSpec spec;
  spec.concurrency = 1;
  spec.request_count = 3;
  auto outcomes = issuer.run({spec});
  EXPECT_EQ(outcomes[0].credits_issued, 3u);
  EXPECT_EQ(w.delivered.size(), 3u);
  EXPECT_EQ(outcomes[0].credits_returned, 3u);
}

TEST(SessionTrees, FailFastCancelsOnTheFirstFailedChild) {
  CreditReturns returns(1, 64);
  RecordingWorker w(0, returns, 1ms, /*fail_children=*/true);
  CreditIssuer issuer({&w}, returns, 5);
  issuer.set_conversations(example());
  issuer.set_dag_fail_fast(true);
  PhaseSpec spec;
  spec.concurrency = 1;
  spec.session_count = 1;
  issuer.run({spec});
  EXPECT_TRUE(issuer.cancel_requested());
  EXPECT_NE(issuer.abort_reason().find("AIPERF_DAG_FAIL_FAST"), std::string::npos);
  EXPECT_LT(w.delivered.size(), 6u);
}

TEST(SessionTrees, WithoutFailFastAFailedChildStillCountsAsFinished) {
  CreditReturns returns(1, 64);
  RecordingWorker w(0, returns, 1ms, /*fail_children=*/true);
  CreditIssuer issuer({&w}, returns, 5);
  issuer.set_conversations(example());
  PhaseSpec spec;
  spec.concurrency = 1;
  spec.session_count = 1;
  issuer.run({spec});
  EXPECT_FALSE(issuer.cancel_requested());
  EXPECT_EQ(w.delivered.size(), 6u);
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// Agentic replay (workloads-and-endpoints.md §5.4, docs/agentic.md): a recorded root of 8 turns
// 10 ms apart and a subagent launched by turn 2, joined by turn 3, sending at 22.5, 25, 27.5 ms.
std::vector<ConversationShape> agentic_trace(uint32_t base) {
  std::vector<ConversationShape> s = {shape(8, false), shape(3, true)};
  for (int k = 0; k < 8; ++k) s[0].trace_ns.push_back(k * 10'000'000LL);
  s[0].delay_ns.assign(7, 10'000'000);
  s[1].trace_ns = {22'500'000, 25'000'000, 27'500'000};
  s[1].delay_ns = {2'500'000, 2'500'000};
  s[0].launches.resize(8);
  s[0].launches[2] = {{base + 1, false, 3}};
  return s;
}

TEST(TrajectoryPlan, CutsTheRootAndTheSubagentLiveAtTStar) {
  const auto s = agentic_trace(0);
  // t* = 24 ms of a 70 ms tree: root resumes at turn 3 (30 ms), the subagent at turn 1 (25 ms).
  const TrajectoryCut cut = cut_trajectory(s, 0, 24.0 / 70.0, 0.5);
  EXPECT_EQ(cut.t_star_ns, 24'000'000);
  EXPECT_EQ(cut.root.start_turn, 3u);
  EXPECT_EQ(cut.root.lead_ns, 6'000'000);
  ASSERT_EQ(cut.live_children.size(), 1u);
  EXPECT_EQ(cut.live_children[0].conversation, 1u);
  EXPECT_EQ(cut.live_children[0].start_turn, 1u);
  EXPECT_EQ(cut.live_children[0].lead_ns, 1'000'000);
  EXPECT_EQ(cut.live_children[0].join_at, 3u);
  ASSERT_EQ(cut.priming.size(), 2u);
  EXPECT_EQ(cut.priming[0].conversation, 0u);
  EXPECT_EQ(cut.priming[0].turn, 2u);
  EXPECT_EQ(cut.priming[1].conversation, 1u);
  EXPECT_EQ(cut.priming[1].turn, 0u);
  // After the subagent: it is not live; the ceiling min(int(max·n), n−2) holds the root back.
  const TrajectoryCut late = cut_trajectory(s, 0, 1.0, 0.5);
  EXPECT_EQ(late.root.start_turn, 4u);
  EXPECT_TRUE(late.live_children.empty());
  EXPECT_EQ(late.priming.size(), 1u);
  // t* = 0: nothing to prime; a one-turn root cannot be cut.
  EXPECT_TRUE(cut_trajectory(s, 0, 0.0, 0.5).priming.empty());
  std::vector<ConversationShape> one = {shape(1, false)};
  one[0].trace_ns = {0};
  EXPECT_EQ(cut_trajectory(one, 0, 0.5, 0.75).root.start_turn, 0u);
  EXPECT_EQ(uncuttable_roots(one, {0}), 1u);
}

TEST(AgenticReplay, PrimesTheBoundaryTurnsThenReplaysFromTStarAndRecyclesLanes) {
  // Three traces (roots 0, 2, 4), two lanes, one pass: lanes 0 and 1 cut at t* = 0.375 · 70 ms
  // = 26.25 ms (root from turn 3, its subagent live from turn 2), then the lane that drains
  // first replays the third trace whole from turn 0.
  std::vector<ConversationShape> s;
  for (uint32_t t = 0; t < 3; ++t)
    for (ConversationShape& c : agentic_trace(2 * t)) s.push_back(c);
  LoadSettings load;
  load.concurrency = 2;
  load.conversation_num = 3;
  load.agentic.enabled = true;
  load.agentic.start_min_ratio = load.agentic.start_max_ratio = 0.375;
  std::vector<PhaseSpec> phases = plan_phases(load, 7);
  ASSERT_EQ(phases.size(), 2u);
  phases[0].agentic->shapes = s;
  phases[0].agentic->roots = {0, 2, 4};
  CreditReturns returns(2, 64);
  RecordingWorker a(0, returns, 1ms), b(1, returns, 1ms);
  CreditIssuer issuer({&a, &b}, returns, uint32_t(s.size()));
  issuer.set_conversations(s);
  auto outcomes = issuer.run(phases);
  ASSERT_EQ(outcomes.size(), 2u);
  auto events = all_events({&a, &b});
  using Key = std::tuple<BenchmarkPhase, uint32_t, uint32_t>;
  auto key = [](BenchmarkPhase ph, uint32_t c, uint32_t t) { return Key{ph, c, t}; };
  std::map<Key, const RecordingWorker::Event*> sent;
  for (const auto& e : events) {
    const Key k = key(e.credit.phase, e.credit.dataset_index, e.credit.turn_index);
    EXPECT_EQ(sent.count(k), 0u) << "sent twice: conversation " << e.credit.dataset_index << " turn " << e.credit.turn_index;
    sent[k] = &e;
  }
  // Warm-up: root turn 2 and subagent turn 1 of the first two traces, capped, on lanes 0 and 1.
  size_t warm = 0;
  for (const auto& e : events)
    if (e.credit.phase == BenchmarkPhase::warmup) {
      ++warm;
      EXPECT_EQ(e.credit.max_tokens_cap, 1u);
      EXPECT_EQ(e.credit.turn_index, e.credit.dataset_index % 2 == 0 ? 2u : 1u);
      EXPECT_EQ(e.credit.trajectory, e.credit.dataset_index / 2);
      EXPECT_LT(e.credit.dataset_index, 4u);
    }
  EXPECT_EQ(warm, 4u);
  // Profiling: the first two traces from turn 3 (subagent turn 2 only), the third whole.
  const BenchmarkPhase P = BenchmarkPhase::profiling;
  for (uint32_t root : {0u, 2u}) {
    for (uint32_t k = 0; k < 3; ++k) EXPECT_EQ(sent.count(key(P, root, k)), 0u) << root << " " << k;
    for (uint32_t k = 3; k < 8; ++k) EXPECT_EQ(sent.count(key(P, root, k)), 1u) << root << " " << k;
    EXPECT_EQ(sent.count(key(P, root + 1, 1)), 0u);
    ASSERT_EQ(sent.count(key(P, root + 1, 2)), 1u);
    // The join holds turn 3 until the live subagent's last turn is back.
    EXPECT_GE(sent[key(P, root, 3)]->delivered_ns, sent[key(P, root + 1, 2)]->returned_ns);
    // Start to start on the intended times: turn k+1 is due 10 ms after turn k was.
    for (uint32_t k = 4; k < 7; ++k)
      EXPECT_EQ(sent[key(P, root, k + 1)]->credit.scheduled_ns - sent[key(P, root, k)]->credit.scheduled_ns, 10'000'000)
          << root << " " << k;
  }
  // The recycled lane: pass 1, the whole third trace, outputs uncapped.
  for (uint32_t k = 0; k < 8; ++k) ASSERT_EQ(sent.count(key(P, 4u, k)), 1u) << k;
  EXPECT_EQ(sent[key(P, 4u, 0)]->credit.recycle_pass, 1u);
  EXPECT_EQ(sent[key(P, 4u, 0)]->credit.max_tokens_cap, 0u);
  EXPECT_EQ(outcomes[1].credits_issued, 6u + 6u + 11u);
}

}  // namespace
}  // namespace aiperf
