#pragma once
// The timing component: runs the phases in order on the calling thread, issuing credits to
// workers under each phase's strategy and stop conditions (cli-and-load.md §4.0, §4.8).
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "timing/conversation_sampler.h"
#include "timing/conversation_shape.h"
#include "timing/credit_returns.h"
#include "timing/credit_target.h"
#include "timing/phase.h"

namespace aiperf {

struct PhaseOutcome {
  BenchmarkPhase phase = BenchmarkPhase::profiling;
  int64_t start_ns = 0;         // monotonic: first credit could be issued
  int64_t sending_end_ns = 0;   // monotonic: no more credits
  int64_t end_ns = 0;           // monotonic: every credit returned (or given up on)
  uint64_t credits_issued = 0;     // issued by the issuer or renewed by workers
  uint64_t credits_returned = 0;   // finished (issued minus still held at the end)
  bool cancelled = false;       // interrupted, or stragglers cut off after the grace period
  // Open loop only: scheduled arrivals that sent nothing (cli-and-load.md §4.2, §4.2.1).
  uint64_t arrivals_skipped_at_cap = 0;       // every --concurrency slot was taken
  uint64_t arrivals_dropped_catching_up = 0;  // overdue beyond AIPERF_TIMING_MAX_CATCHUP_SECONDS
  uint64_t arrivals_skipped_at_prefill_cap = 0;  // every --prefill-concurrency slot was taken
};

class CreditIssuer {
 public:
  CreditIssuer(std::vector<CreditTarget*> workers, CreditReturns& returns, uint32_t dataset_size);
  ~CreditIssuer();

  // Multi-turn work: the dataset's conversations, by dataset index (call before run()).
  // With any conversation of more than one turn, credits carry sessions: a session's turns
  // go to one worker, its next turn waits out the think time after the previous reply, and
  // --concurrency counts sessions. Not called, or all single-turn: one request per session.
  void set_conversations(std::vector<ConversationShape> conversations);
  // DAG trees (AIPERF_DAG_FAIL_FAST): the first failed child request cancels the run;
  // abort_reason() then says why.
  void set_dag_fail_fast(bool on) { dag_fail_fast_ = on; }
  // --dataset-sampling-strategy: which conversation each new session (or single request) takes.
  void set_sampler(ConversationSampler sampler) { sampler_ = sampler; }
  const std::string& abort_reason() const { return abort_reason_; }

  std::vector<PhaseOutcome> run(const std::vector<PhaseSpec>& phases);

  // A credit with a scheduled time is handed to its worker up to this long before that time,
  // and the worker starts the request on time (Worker::run_loop). Handing it over at the time
  // itself would add a thread wake-up (30–70 µs on the 2-core VM, far more when the CPUs are
  // busy) to every send. The issuer's own wake-up (ppoll, 1 ns timer slack) must fit in it.
  static constexpr int64_t kHandOffLeadNs = 500'000;

  // Any thread, async-signal-safe: stop issuing, cancel what is in flight, finish soon.
  void request_cancel();
  bool cancel_requested() const { return cancel_.load(std::memory_order_relaxed); }

 private:
  class Phase;
  PhaseOutcome run_phase(const PhaseSpec& spec);
  size_t pick_worker() const;

  std::vector<CreditTarget*> workers_;
  std::vector<int64_t> worker_in_flight_;
  CreditReturns& returns_;
  uint32_t dataset_size_;
  std::vector<ConversationShape> conversations_;
  bool multi_turn_ = false;
  bool trees_ = false;                       // some conversation launches children (§5.2)
  bool dag_fail_fast_ = false;
  std::string abort_reason_;
  std::vector<uint32_t> roots_;              // conversations sampled as sessions (not children)
  uint64_t next_conversation_ = 0;           // sessions started in the run: picks the conversation
  ConversationSampler sampler_;              // ... through this
  std::atomic<uint64_t> next_credit_id_{0};  // shared with renewing workers
  uint64_t tree_ids_ = 0;                    // agentic trees started in the run (SessionTrees)
  uint64_t shard_ids_used_ = 0;              // sharded: the whole run's credits in earlier phases
  std::atomic<bool> cancel_{false};
  std::vector<std::unique_ptr<Phase>> phases_;
};

}  // namespace aiperf
