#pragma once
// A load strategy decides when credits are issued within a phase. The credit issuer owns
// the stop conditions, the clock and delivery; strategies only ask "may I send?" and say
// "send one now". Rate and trace modes add strategies without touching the transport.
#include <cstdint>
#include <memory>
#include <vector>

#include "timing/credit.h"
#include "timing/phase.h"
#include "timing/session_trees.h"

namespace aiperf {

class PhaseControl {
 public:
  virtual ~PhaseControl() = default;
  virtual bool can_send() const = 0;      // every stop condition still allows one more credit
  // Grant one credit now, the first turn of a new session; `scheduled_ns` is the arrival
  // time it answers (0 = closed loop).
  virtual void issue(int64_t scheduled_ns) = 0;
  // Same, for a given dataset entry (trace replay sends entry k, not the next in turn).
  virtual void issue_entry(int64_t scheduled_ns, uint32_t dataset_index) = 0;
  // The strategy has nothing more to send: no more credits this phase.
  virtual void finish_sending() = 0;
  // --prefill-concurrency (§4.6): a slot for one more request awaiting its first token.
  virtual bool prefill_slot_free() const { return true; }
  // Sessions holding a slot (cli-and-load.md §4.0): taken at a session's first turn, freed
  // when its final turn returns. Single-turn work: credits issued and not yet returned.
  virtual int64_t in_flight() const = 0;

  // Multi-turn sessions (§4.0, §4.11). The defaults describe single-turn work.
  // Also within --conversation-num: a new session may start.
  virtual bool can_start_session() const { return can_send(); }
  // issue(), sending at most `max_turns` of the conversation; returns the turns the session
  // will send (0: nothing was issued).
  virtual uint32_t start_session(int64_t scheduled_ns, uint32_t /*max_turns*/) {
    issue(scheduled_ns);
    return 1;
  }
  // Sends the oldest continuation whose think time is over, stamped `scheduled_ns`
  // (kAtDue: the time it became due). False when none is waiting.
  static constexpr int64_t kAtDue = -1;
  virtual bool issue_continuation(int64_t /*scheduled_ns*/) { return false; }

  // A closed loop's limit went down (adaptive scale, §5.7): `excess` credits out beyond the new
  // limit should come back instead of being renewed on workers. Never cancels a request.
  virtual void retire_renewals(int64_t /*excess*/) {}
  // Adaptive scale on prefill_concurrency (§5.7): the phase's prefill limit is now `limit`.
  virtual void set_prefill_limit(int64_t /*limit*/) {}

  // Agentic replay (workloads-and-endpoints.md §5.4).
  virtual void start_tree(const TreeStart& /*start*/) {}  // counts as a started session
  virtual std::vector<uint64_t> take_drained_trees() { return {}; }  // trajectories whose trees drained
  virtual int64_t requests_in_flight() const { return 0; }
  virtual int64_t next_turn_due_ns() const { return 0; }  // 0: no turn waiting on a delay
  virtual void shift_waiting_turns(int64_t /*by_ns*/) {}
  virtual void stop_now() {}  // stop sending; turns not yet sent are dropped
  // Cancel whatever is still in flight at `deadline_ns` (0: no such deadline); the phase then ends.
  virtual void cut_stragglers_at(int64_t /*deadline_ns*/) {}
  virtual int64_t phase_start_ns() const { return 0; }
};

// Open-loop arrivals that sent nothing; reported, never silently lost.
struct ArrivalCounts {
  uint64_t skipped_at_cap = 0;     // found every --concurrency slot taken (§4.2.1)
  uint64_t dropped_catching_up = 0;  // overdue beyond the catch-up bound, re-anchored
  uint64_t skipped_at_prefill_cap = 0;  // found every --prefill-concurrency slot taken (§4.6)
};

class LoadStrategy {
 public:
  virtual ~LoadStrategy() = default;
  virtual void start(PhaseControl& control) = 0;
  virtual void credit_returned(PhaseControl& control) = 0;
  // A prefill slot came free (a first token arrived, or the prefill ramp stepped up).
  virtual void prefill_released(PhaseControl&) {}
  // True when a finished credit is always replaced at once while the phase may send:
  // workers then renew credits themselves (see RenewalBudget) and return them only at the end.
  virtual bool renewable() const { return false; }
  // Absolute monotonic ns at which the strategy wants deadline_reached(); 0 = none.
  virtual int64_t next_deadline_ns() const { return 0; }
  virtual void deadline_reached(PhaseControl&, int64_t /*now_ns*/) {}
  virtual ArrivalCounts arrival_counts() const { return {}; }
  // True when issued credits carry a scheduled send time (open loop): the issuer may then
  // hand them to workers shortly before that time (CreditIssuer::kHandOffLeadNs).
  virtual bool sends_on_schedule() const { return false; }

  // Multi-turn: when the next turn of the session whose turn `returned` is due; `after_delay_ns`
  // is its response's completion plus the conversation's think time (§4.11).
  virtual int64_t continuation_due_ns(const Credit& /*returned*/, int64_t after_delay_ns) {
    return after_delay_ns;
  }
  // Continuations became due. Closed loop: sent at once (they already hold a session slot);
  // rate mode overrides this to let each one take the next tick.
  virtual void continuations_ready(PhaseControl& control) {
    while (control.issue_continuation(0)) {
    }
  }
  // Agentic replay: a root turn was handed to a worker (the lane's frontier moves on).
  virtual void root_turn_sent(const Credit& /*credit*/) {}
};

// With spec.knob set, the profiling phase follows it (adaptive scale, §5.7): the closed loop
// and the open loop read it every LoadKnob::kPollNs.
std::unique_ptr<LoadStrategy> make_load_strategy(const PhaseSpec& spec);

}  // namespace aiperf
