#pragma once
// The speculative-decoding counts the mock reports for one reply, as vLLM does with
// --per-request-spec-decode-metrics (metrics-and-outputs.md §1.8). Deterministic, so tests can
// check the client's metrics against exact numbers.
#include <cstdint>

namespace aiperf::mock {

struct SpecDecodeCounts {
  int64_t draft_tokens_per_step = 0;  // K (vLLM num_speculative_tokens)
  int64_t steps = 0;                  // num_spec_steps
  int64_t accepted = 0;               // num_accepted_draft_tokens
  int64_t drafts = 0;                 // num_draft_tokens = steps × K
  int64_t accepted_per_full_step = 0; // every step but the last accepts this many
  int64_t accepted_last_step = 0;     // the last step's share (≤ accepted_per_full_step)

  // acceptance_histogram[j]: steps that accepted exactly j draft tokens (0 ≤ j ≤ K).
  int64_t histogram(int64_t j) const;
};

// A reply of `completion_tokens`: the first token comes from prefill, every later one from a
// step, which emits its accepted drafts plus one token of its own. Each step accepts
// round(acceptance × K) drafts; the last step takes whatever is left.
SpecDecodeCounts spec_decode_counts(int64_t completion_tokens, int64_t k, double acceptance);

}  // namespace aiperf::mock
