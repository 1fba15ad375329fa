#include "timing/credit_issuer.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>
#include <poll.h>
#include <sys/prctl.h>

#include "common/clock.h"
#include "timing/continuation_queue.h"
#include "timing/load_strategy.h"
#include "timing/prefill_gate.h"
#include "timing/renewal_budget.h"
#include "timing/session_trees.h"

namespace aiperf {

namespace {

// How long cancelled requests get to return their credits before the phase is forced closed.
constexpr int64_t kCancelDrainNs = 10'000'000'000;


// The issuer thread's timer slack (default 50 µs) would blur every pacing deadline; it is
// set to 1 ns for the run and restored after.
class TightTimerSlack {
 public:
  TightTimerSlack() : saved_(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0)) {
    if (saved_ > 0) prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
  }
  ~TightTimerSlack() {
    if (saved_ > 0) prctl(PR_SET_TIMERSLACK, (unsigned long)saved_, 0, 0, 0);
  }
  TightTimerSlack(const TightTimerSlack&) = delete;
  TightTimerSlack& operator=(const TightTimerSlack&) = delete;

 private:
  int saved_;
};

int64_t seconds_to_ns(double s) {
  if (!std::isfinite(s)) return INT64_MAX;
  return int64_t(s * 1e9);
}

}  // namespace

// State of the phase being run; the strategy sees it through PhaseControl.
class CreditIssuer::Phase : public PhaseControl {
 public:
  Phase(CreditIssuer& issuer, const PhaseSpec& spec, int64_t start_ns, bool renewable)
      : issuer_(issuer),
        start_ns_(start_ns),
        duration_end_ns_(spec.duration_s ? start_ns + seconds_to_ns(*spec.duration_s) : 0),
        // Single-turn: a session is one request, so --conversation-num caps credits too.
        budget_(spec.phase, credit_cap(spec, issuer.multi_turn_), duration_end_ns_, issuer.dataset_size_,
                issuer.next_credit_id_,
                spec.cancellation_rate > 0
                    ? CancellationDraw(spec.cancellation_rate, spec.cancellation_delay_s, spec.random_seed)
                    : CancellationDraw(),
                spec.shard, issuer.shard_ids_used_, issuer.sampler_),
        shard_(spec.shard),
        prefill_(spec.prefill_concurrency, spec.prefill_ramp_s, start_ns),
        // A prefill cap must see every send, and multi-turn sessions every turn's return:
        // workers may then not renew credits themselves.
        renewable_(renewable && !prefill_.enabled() && !issuer.multi_turn_),
        max_sessions_(issuer.multi_turn_ && spec.session_count ? uint64_t(*spec.session_count) : UINT64_MAX),
        trees_(issuer.conversations_, issuer.tree_ids_) {}

  static uint64_t credit_cap(const PhaseSpec& spec, bool multi_turn) {
    if (spec.request_count) return uint64_t(*spec.request_count);
    if (!multi_turn && spec.session_count) return uint64_t(*spec.session_count);
    return UINT64_MAX;
  }

  bool can_send() const override {
    if (sending_done_ || issuer_.cancel_requested() || !budget_.open() || budget_.exhausted()) return false;
    return !duration_end_ns_ || mono_ns() < duration_end_ns_;
  }

  bool can_start_session() const override {
    return can_send() && !sessions_closed_ && sessions_started_ < max_sessions_;
  }

  void issue(int64_t scheduled_ns) override { start_session_with(scheduled_ns, UINT32_MAX, std::nullopt); }
  void issue_entry(int64_t scheduled_ns, uint32_t dataset_index) override {
    start_session_with(scheduled_ns, UINT32_MAX, dataset_index);
  }
  // Multi-turn: started sessions still send their remaining turns; the phase ends with them.
  void finish_sending() override {
    if (issuer_.multi_turn_)
      sessions_closed_ = true;
    else
      stop_sending();
  }

  uint32_t start_session(int64_t scheduled_ns, uint32_t max_turns) override {
    return start_session_with(scheduled_ns, max_turns, std::nullopt);
  }

  uint32_t start_session_with(int64_t scheduled_ns, uint32_t max_turns, std::optional<uint32_t> dataset_index) {
    Credit credit;
    if (!budget_.take(credit, renewable_)) {
      stop_sending();
      return 0;
    }
    credit.scheduled_ns = scheduled_ns;
    if (dataset_index) credit.dataset_index = *dataset_index;
    ++sessions_started_;
    if (issuer_.multi_turn_) {
      // Conversations in dataset order by session, not by credit: turns use up no entries.
      credit.dataset_index = dataset_index
                                 ? *dataset_index
                                 : issuer_.roots_[issuer_.sampler_.pick(shard_.global(issuer_.next_conversation_++),
                                                                        uint32_t(issuer_.roots_.size()))];
      credit.session_id = credit.id;
      credit.session_turns = std::max<uint32_t>(
          1, std::min(max_turns, issuer_.conversations_[credit.dataset_index].turns()));
      ++sessions_active_;
    }
    credit.trajectory = credit.id;
    credit.root_conversation = credit.dataset_index;
    const size_t worker = issuer_.pick_worker();
    if (issuer_.trees_) trees_.session_started(credit, worker, TurnLaunch::kNoJoin, mono_ns(), continuations_);
    deliver(credit, worker);
    return credit.session_turns;
  }

  bool issue_continuation(int64_t scheduled_ns) override {
    if (!continuations_.has_ready() || !prefill_.has_slot()) return false;
    const Continuation next = continuations_.pop_ready();
    Credit credit;
    if (!budget_.take(credit, false)) {
      --sessions_active_;  // cut short by the request count or the duration
      stop_sending();
      return false;
    }
    credit.scheduled_ns = scheduled_ns == kAtDue ? next.due_ns : scheduled_ns;
    credit.dataset_index = next.conversation;
    credit.turn_index = next.turn_index;
    credit.session_id = next.session_id;
    credit.session_turns = next.session_turns;
    credit.parent_session_id = next.parent_session_id;
    credit.agent_depth = next.agent_depth;
    credit.forked = next.forked;
    credit.trajectory = next.trajectory;
    credit.recycle_pass = next.recycle_pass;
    credit.root_conversation = next.root_conversation;
    credit.max_tokens_cap = next.max_tokens_cap;
    // A SPAWN child may go anywhere; later turns and FORK children go where the history is.
    const size_t worker = next.worker == Continuation::kAnyWorker ? issuer_.pick_worker() : next.worker;
    if (issuer_.trees_ && next.session_start) {  // a child session starts
      credit.session_id = credit.id;
      trees_.session_started(credit, worker, next.join_at, mono_ns(), continuations_);
    }
    if (credit.agent_depth == 0 && strategy_) strategy_->root_turn_sent(credit);
    deliver(credit, worker);
    return true;
  }

  // Agentic replay (§5.4): a trajectory tree from a recorded turn; it holds a session slot.
  void start_tree(const TreeStart& start) override {
    ++sessions_started_;
    ++sessions_active_;
    trees_.start_tree(start, continuations_);
  }
  std::vector<uint64_t> take_drained_trees() override { return std::exchange(drained_, {}); }
  int64_t requests_in_flight() const override { return held_by_workers_; }
  int64_t next_turn_due_ns() const override { return continuations_.next_due_ns(); }
  void shift_waiting_turns(int64_t by_ns) override { continuations_.shift_waiting(by_ns); }
  void stop_now() override { stop_sending(); }
  void cut_stragglers_at(int64_t deadline_ns) override { straggler_deadline_ns_ = deadline_ns; }
  int64_t phase_start_ns() const override { return start_ns_; }

  // A session's turn came back from `worker`: the session ends, or its next turn waits out
  // the think time (the strategy may move it).
  void turn_returned(size_t worker, Credit credit, LoadStrategy& strategy) {
    if (!issuer_.multi_turn_) return;  // (a one-turn session of a multi-turn run still ends here)
    if (issuer_.trees_) return tree_turn_returned(worker, credit, strategy);
    if (credit.turn_index + 1 >= credit.session_turns || sending_done_) {
      --sessions_active_;
      return;
    }
    if (credit.done_ns == 0) credit.done_ns = mono_ns();
    Continuation next;
    next.session_id = credit.session_id;
    next.conversation = credit.dataset_index;
    next.turn_index = credit.turn_index + 1;
    next.session_turns = credit.session_turns;
    next.worker = worker;
    next.trajectory = credit.trajectory;
    next.recycle_pass = credit.recycle_pass;
    next.root_conversation = credit.root_conversation;
    const ConversationShape& shape = issuer_.conversations_[credit.dataset_index];
    const int64_t at_ns = shape.at_ns.empty() ? -1 : shape.at_ns[credit.turn_index];
    next.due_ns = strategy.continuation_due_ns(
        credit, at_ns >= 0 ? std::max(credit.done_ns, start_ns_ + at_ns)
                           : credit.done_ns + shape.delay_ns[credit.turn_index]);
    continuations_.schedule(next);
  }

  void tree_turn_returned(size_t worker, Credit credit, LoadStrategy& strategy) {
    if (sending_done_) return;
    if (credit.failed && credit.agent_depth > 0 && issuer_.dag_fail_fast_) {
      issuer_.abort_reason_ = "AIPERF_DAG_FAIL_FAST: a child request failed (depth " +
                              std::to_string(credit.agent_depth) + ", turn " + std::to_string(credit.turn_index) + ")";
      issuer_.request_cancel();
      return;
    }
    if (credit.done_ns == 0) credit.done_ns = mono_ns();
    SessionTrees::Returned r = trees_.turn_returned(credit, worker, continuations_);
    sessions_active_ -= r.trees_drained;
    if (r.trees_drained) drained_.push_back(r.drained_trajectory);
    if (r.next) {
      r.next->due_ns = strategy.continuation_due_ns(credit, r.next->due_ns);
      continuations_.schedule(*r.next);
    }
  }

  void deliver(Credit credit, size_t w) {
    if (prefill_.enabled()) {
      prefill_.acquire();
      credit.prefill_gated = true;
    }
    ++issuer_.worker_in_flight_[w];
    ++held_by_workers_;
    issuer_.workers_[w]->deliver(credit);
  }

  // Sessions holding a slot; single-turn: credits out at workers (a renewed credit stays out:
  // it was never given back).
  int64_t in_flight() const override { return issuer_.multi_turn_ ? sessions_active_ : held_by_workers_; }
  bool prefill_slot_free() const override { return prefill_.has_slot(); }
  void retire_renewals(int64_t excess) override {
    if (renewable_) budget_.retire(excess);
  }
  void set_prefill_limit(int64_t limit) override { prefill_.set_limit(limit); }

  void stop_sending() {
    sending_done_ = true;
    budget_.close();
    // Sessions whose next turn has not been sent end here (cut mid-conversation, §4.9); trees
    // are cut whole (their queued children hold no slot).
    sessions_active_ = issuer_.trees_ ? 0 : sessions_active_ - int64_t(continuations_.size());
    continuations_.clear();
  }

  CreditIssuer& issuer_;
  const int64_t start_ns_;
  const int64_t duration_end_ns_;  // 0 = no duration limit
  RenewalBudget budget_;
  const ShardSlice shard_;  // sharded: which sessions of the run's sequence are this process's
  PrefillGate prefill_;
  const bool renewable_;
  const uint64_t max_sessions_;
  int64_t held_by_workers_ = 0;
  uint64_t sessions_started_ = 0;
  int64_t sessions_active_ = 0;  // multi-turn: started, final turn not yet returned
  ContinuationQueue continuations_;
  SessionTrees trees_;  // DAG runs only
  std::vector<uint64_t> drained_;  // trajectories whose trees drained, not yet taken by the strategy
  LoadStrategy* strategy_ = nullptr;
  bool sending_done_ = false;
  int64_t straggler_deadline_ns_ = 0;  // cut_stragglers_at
  bool sessions_closed_ = false;  // the strategy has finished: no new session, running ones go on
};

CreditIssuer::CreditIssuer(std::vector<CreditTarget*> workers, CreditReturns& returns,
                           uint32_t dataset_size)
    : workers_(std::move(workers)),
      worker_in_flight_(workers_.size(), 0),
      returns_(returns),
      dataset_size_(std::max<uint32_t>(1, dataset_size)) {}

CreditIssuer::~CreditIssuer() = default;

void CreditIssuer::set_conversations(std::vector<ConversationShape> conversations) {
  conversations_ = std::move(conversations);
  multi_turn_ = trees_ = false;
  roots_.clear();
  for (uint32_t i = 0; i < conversations_.size(); ++i) {
    const ConversationShape& c = conversations_[i];
    trees_ = trees_ || c.in_tree();
    multi_turn_ = multi_turn_ || c.turns() > 1 || c.in_tree();
    if (!c.is_child) roots_.push_back(i);  // children start only from their parents
  }
  if (multi_turn_) dataset_size_ = uint32_t(conversations_.size());
}

void CreditIssuer::request_cancel() {
  cancel_.store(true, std::memory_order_relaxed);
  returns_.wake();
}

size_t CreditIssuer::pick_worker() const {
  // Least-loaded worker keeps per-thread connection counts even.
  return size_t(std::min_element(worker_in_flight_.begin(), worker_in_flight_.end()) -
                worker_in_flight_.begin());
}

std::vector<PhaseOutcome> CreditIssuer::run(const std::vector<PhaseSpec>& phases) {
  std::vector<PhaseOutcome> outcomes;
  TightTimerSlack slack;
  for (const PhaseSpec& spec : phases) {
    if (cancel_requested()) break;
    outcomes.push_back(run_phase(spec));
  }
  return outcomes;
}

PhaseOutcome CreditIssuer::run_phase(const PhaseSpec& spec) {
  auto strategy = make_load_strategy(spec);
  // Agentic replay runs every trajectory as a tree, a one-turn trace included.
  if (spec.agentic) multi_turn_ = trees_ = true;
  PhaseOutcome out;
  out.phase = spec.phase;
  out.start_ns = mono_ns();
  // Renewals hold pointers to the budget, so phases live until the run ends.
  phases_.push_back(std::make_unique<Phase>(*this, spec, out.start_ns, strategy->renewable()));
  Phase& phase = *phases_.back();
  phase.strategy_ = strategy.get();
  int64_t grace_end_ns = 0;   // set once sending stops because the duration ran out
  int64_t cancel_deadline_ns = 0;

  auto cancel_all = [&](int64_t now) {
    out.cancelled = true;
    cancel_deadline_ns = now + kCancelDrainNs;
    for (CreditTarget* w : workers_) w->cancel_in_flight(spec.phase);
  };

  auto drain_returns = [&] {
    returns_.drain(
        [&](size_t worker, const Credit& credit) {
          --worker_in_flight_[worker];
          --phase.held_by_workers_;
          // No first-token report (error, cancel, nothing streamed): the slot frees now.
          if (credit.prefill_gated && !credit.first_token_reported && credit.phase == spec.phase)
            phase.prefill_.release();
          phase.turn_returned(worker, credit, *strategy);
          strategy->credit_returned(phase);
        },
        [&](size_t, const Credit& credit) {
          if (credit.phase != spec.phase) return;
          phase.prefill_.release();
          if (phase.sending_done_) return;
          strategy->continuations_ready(phase);  // waiting turns first: they hold a session
          strategy->prefill_released(phase);
        });
  };

  // Scheduled sends are handed over early; closed-loop deadlines (ramp steps) are kept exactly.
  const int64_t lead_ns = strategy->sends_on_schedule() ? kHandOffLeadNs : 0;
  strategy->start(phase);
  for (;;) {
    int64_t now = mono_ns();
    if (cancel_requested() && !cancel_deadline_ns) {
      phase.stop_sending();
      cancel_all(now);
    }
    if (!phase.sending_done_ && !phase.can_send()) {
      phase.stop_sending();
      if (phase.duration_end_ns_ && now >= phase.duration_end_ns_)
        grace_end_ns = spec.grace_s == INFINITY ? INT64_MAX
                                                : phase.duration_end_ns_ + seconds_to_ns(spec.grace_s);
    }
    // Multi-turn: no session may start and none is running (the last one's final turn is back).
    if (!phase.sending_done_ && multi_turn_ && !phase.can_start_session() && phase.sessions_active_ == 0)
      phase.stop_sending();
    // Nothing out, nothing waiting, nothing scheduled: no event can ever send again, so the
    // phase ends rather than wait forever (a strategy bug must not hang the run).
    if (!phase.sending_done_ && phase.held_by_workers_ == 0 && phase.continuations_.size() == 0 &&
        strategy->next_deadline_ns() == 0)
      phase.stop_sending();
    if (phase.sending_done_ && !out.sending_end_ns) out.sending_end_ns = now;
    if (phase.sending_done_ && phase.held_by_workers_ == 0) break;
    if (grace_end_ns && now >= grace_end_ns && !cancel_deadline_ns) cancel_all(now);
    if (phase.straggler_deadline_ns_ && now >= phase.straggler_deadline_ns_ && !cancel_deadline_ns) {
      phase.stop_sending();  // an agentic warm-up's grace ran out: the stragglers are cut off
      cancel_all(now);
    }
    if (cancel_deadline_ns && now >= cancel_deadline_ns) break;  // give up on the stragglers

    // Sleep until a credit returns or the next deadline: the strategy's less the hand-off lead,
    // a continuation's (think time over) exactly.
    const int64_t pace_at = phase.sending_done_ ? 0 : strategy->next_deadline_ns();
    const int64_t continuation_at = phase.sending_done_ ? 0 : phase.continuations_.next_due_ns();
    int64_t wake_at = INT64_MAX;
    if (!phase.sending_done_ && phase.duration_end_ns_) wake_at = std::min(wake_at, phase.duration_end_ns_);
    if (grace_end_ns && !cancel_deadline_ns) wake_at = std::min(wake_at, grace_end_ns);
    if (phase.straggler_deadline_ns_ && !cancel_deadline_ns) wake_at = std::min(wake_at, phase.straggler_deadline_ns_);
    if (cancel_deadline_ns) wake_at = std::min(wake_at, cancel_deadline_ns);
    if (pace_at) wake_at = std::min(wake_at, pace_at - lead_ns);
    if (continuation_at) wake_at = std::min(wake_at, continuation_at);
    if (int64_t step = phase.prefill_.next_step_ns(); step && !phase.sending_done_)
      wake_at = std::min(wake_at, step);
    if (wake_at > now) {
      pollfd pfd{returns_.wake_fd(), POLLIN, 0};
      timespec ts{}, *timeout = nullptr;
      if (wake_at != INT64_MAX) {
        int64_t wait = wake_at - now;
        ts.tv_sec = wait / 1'000'000'000;
        ts.tv_nsec = wait % 1'000'000'000;
        timeout = &ts;
      }
      ppoll(&pfd, 1, timeout, nullptr);
      returns_.clear_wake();
    }
    drain_returns();
    if (!phase.sending_done_ && phase.continuations_.release_due(mono_ns()))
      strategy->continuations_ready(phase);
    if (!phase.sending_done_) {
      // Everything due within the lead is issued now, carrying its scheduled time.
      const int64_t horizon = mono_ns() + lead_ns;
      if (int64_t d = strategy->next_deadline_ns(); d && horizon >= d) strategy->deadline_reached(phase, horizon);
      if (phase.prefill_.advance(mono_ns())) strategy->prefill_released(phase);
    }
  }
  const ArrivalCounts arrivals = strategy->arrival_counts();
  out.arrivals_skipped_at_cap = arrivals.skipped_at_cap;
  out.arrivals_dropped_catching_up = arrivals.dropped_catching_up;
  out.arrivals_skipped_at_prefill_cap = arrivals.skipped_at_prefill_cap;
  out.credits_issued = phase.budget_.taken();
  // The next phase numbers on from where the single process's would (a duration-bound phase
  // has no known total: from this shard's share scaled up).
  if (spec.shard.sharded())
    shard_ids_used_ += spec.global_request_count ? uint64_t(*spec.global_request_count) : out.credits_issued * spec.shard.count;
  out.credits_returned = out.credits_issued - uint64_t(phase.held_by_workers_);
  out.end_ns = mono_ns();
  return out;
}

}  // namespace aiperf
