#include "timing/credit_issuer.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <poll.h>
#include <sys/prctl.h>

#include "common/clock.h"
#include "timing/load_strategy.h"
#include "timing/prefill_gate.h"
#include "timing/renewal_budget.h"

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
        duration_end_ns_(spec.duration_s ? start_ns + seconds_to_ns(*spec.duration_s) : 0),
        budget_(spec.phase, spec.request_count ? uint64_t(*spec.request_count) : UINT64_MAX,
                duration_end_ns_, issuer.dataset_size_, issuer.next_credit_id_,
                spec.cancellation_rate > 0
                    ? CancellationDraw(spec.cancellation_rate, spec.cancellation_delay_s, spec.random_seed)
                    : CancellationDraw()),
        prefill_(spec.prefill_concurrency, spec.prefill_ramp_s, start_ns),
        // A prefill cap must see every send, so workers may not renew credits themselves.
        renewable_(renewable && !prefill_.enabled()) {}

  bool can_send() const override {
    if (sending_done_ || issuer_.cancel_requested() || !budget_.open()) return false;
    return !duration_end_ns_ || mono_ns() < duration_end_ns_;
  }

  void issue(int64_t scheduled_ns) override { issue_credit(scheduled_ns, std::nullopt); }
  void issue_entry(int64_t scheduled_ns, uint32_t dataset_index) override {
    issue_credit(scheduled_ns, dataset_index);
  }
  void finish_sending() override { stop_sending(); }

  void issue_credit(int64_t scheduled_ns, std::optional<uint32_t> dataset_index) {
    Credit credit;
    if (!budget_.take(credit, renewable_)) {
      stop_sending();
      return;
    }
    credit.scheduled_ns = scheduled_ns;
    if (dataset_index) credit.dataset_index = *dataset_index;
    if (prefill_.enabled()) {
      prefill_.acquire();
      credit.prefill_gated = true;
    }
    size_t w = issuer_.pick_worker();
    ++issuer_.worker_in_flight_[w];
    ++held_by_workers_;
    issuer_.workers_[w]->deliver(credit);
  }

  // Credits out at workers (a renewed credit stays out: it was never given back).
  int64_t in_flight() const override { return held_by_workers_; }
  bool prefill_slot_free() const override { return prefill_.has_slot(); }

  void stop_sending() {
    sending_done_ = true;
    budget_.close();
  }

  CreditIssuer& issuer_;
  const int64_t duration_end_ns_;  // 0 = no duration limit
  RenewalBudget budget_;
  PrefillGate prefill_;
  const bool renewable_;
  int64_t held_by_workers_ = 0;
  bool sending_done_ = false;
};

CreditIssuer::CreditIssuer(std::vector<CreditTarget*> workers, CreditReturns& returns,
                           uint32_t dataset_size)
    : workers_(std::move(workers)),
      worker_in_flight_(workers_.size(), 0),
      returns_(returns),
      dataset_size_(std::max<uint32_t>(1, dataset_size)) {}

CreditIssuer::~CreditIssuer() = default;

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
  PhaseOutcome out;
  out.phase = spec.phase;
  out.start_ns = mono_ns();
  // Renewals hold pointers to the budget, so phases live until the run ends.
  phases_.push_back(std::make_unique<Phase>(*this, spec, out.start_ns, strategy->renewable()));
  Phase& phase = *phases_.back();
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
          strategy->credit_returned(phase);
        },
        [&](size_t, const Credit& credit) {
          if (credit.phase != spec.phase) return;
          phase.prefill_.release();
          if (!phase.sending_done_) strategy->prefill_released(phase);
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
    if (phase.sending_done_ && !out.sending_end_ns) out.sending_end_ns = now;
    if (phase.sending_done_ && phase.in_flight() == 0) break;
    if (grace_end_ns && now >= grace_end_ns && !cancel_deadline_ns) cancel_all(now);
    if (cancel_deadline_ns && now >= cancel_deadline_ns) break;  // give up on the stragglers

    // Sleep until a credit returns or the next deadline (less the hand-off lead).
    const int64_t pace_at = phase.sending_done_ ? 0 : strategy->next_deadline_ns();
    int64_t wake_at = INT64_MAX;
    if (!phase.sending_done_ && phase.duration_end_ns_) wake_at = std::min(wake_at, phase.duration_end_ns_);
    if (grace_end_ns && !cancel_deadline_ns) wake_at = std::min(wake_at, grace_end_ns);
    if (cancel_deadline_ns) wake_at = std::min(wake_at, cancel_deadline_ns);
    if (pace_at) wake_at = std::min(wake_at, pace_at - lead_ns);
    if (int64_t step = phase.prefill_.next_step_ns(); step && !phase.sending_done_)
      wake_at = std::min(wake_at, step);
    if (!pace_at || now < pace_at - lead_ns) {
      pollfd pfd{returns_.wake_fd(), POLLIN, 0};
      timespec ts{}, *timeout = nullptr;
      if (wake_at != INT64_MAX) {
        int64_t wait = std::max<int64_t>(0, wake_at - now);
        ts.tv_sec = wait / 1'000'000'000;
        ts.tv_nsec = wait % 1'000'000'000;
        timeout = &ts;
      }
      ppoll(&pfd, 1, timeout, nullptr);
      returns_.clear_wake();
    }
    drain_returns();
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
  out.credits_returned = out.credits_issued - uint64_t(phase.held_by_workers_);
  out.end_ns = mono_ns();
  return out;
}

}  // namespace aiperf
