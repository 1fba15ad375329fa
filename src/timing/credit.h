#pragma once
// A credit is permission to send exactly one request. The timing component issues them;
// a worker returns each one when its request has finished (success, error or cancel).
#include <cstdint>

#include "config/benchmark_phase.h"

namespace aiperf {

class RenewalBudget;

struct Credit {
  uint64_t id = 0;              // unique within the run, issue order
  uint64_t session_num = 0;     // request index within its phase
  uint32_t dataset_index = 0;   // index into the prepared requests
  uint32_t turn_index = 0;
  BenchmarkPhase phase = BenchmarkPhase::profiling;
  int64_t issued_ns = 0;        // monotonic, when the credit was granted
  int64_t scheduled_ns = 0;     // monotonic, when the arrival schedule wanted it sent; 0 = closed loop
  // Multi-turn sessions: every turn of a session goes to the worker that holds its history.
  uint64_t session_id = 0;      // run-wide (the id of the session's first credit)
  uint32_t session_turns = 1;   // turns this session sends; turn_index + 1 == session_turns: final
  int64_t done_ns = 0;          // set by the worker: response finished (think time starts here)
  bool failed = false;          // set by the worker: error, cancel or non-2xx (AIPERF_DAG_FAIL_FAST)
  // DAG / agentic children (workloads-and-endpoints.md §5.2): the launching session's id and
  // depth + 1; a FORK child's first turn continues that session's history (same worker).
  uint64_t parent_session_id = 0;
  uint32_t agent_depth = 0;     // 0: a root
  bool forked = false;
  // The trajectory this turn belongs to (--cache-bust markers, workloads-and-endpoints.md §2.9;
  // agentic replay lanes, §5.4). Every turn of a tree carries its root's values.
  uint64_t trajectory = 0;         // agentic replay: the lane; elsewhere the root session's id
  uint32_t recycle_pass = 0;       // agentic replay: how often the lane moved on to a next trace
  uint32_t root_conversation = 0;  // dataset index of the tree's root conversation (its trace id)
  // Agentic replay's KV-priming and cache-pressure warm-up (§5.4): the most tokens this turn may
  // generate (0: the turn's own max_tokens).
  uint32_t max_tokens_cap = 0;
  // Non-null: the worker may renew this credit itself when its request finishes (closed
  // loop); only when the budget refuses does the credit go back to the issuer.
  RenewalBudget* renewal = nullptr;
  // --prefill-concurrency: the worker reports the first streamed event (ReturnKind::first_token)
  // and sets first_token_reported on the copy it returns, so the issuer frees the slot once.
  bool prefill_gated = false;
  bool first_token_reported = false;
  // --request-cancellation-rate: disconnect this long after the body is fully written if the
  // response is still incomplete; -1 = never.
  int64_t cancel_after_ns = -1;
};

}  // namespace aiperf
