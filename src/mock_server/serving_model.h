#pragma once
// The optional serving model (--max-num-seqs, --prefill-tokens-per-s, --decode-step-ms,
// --decode-step-ms-per-seq, --kv-cache-tokens): the mock times completion replies like a
// continuous-batching server, so a load sweep or an SLA search run against it has a knee to find.
//
//   * at most N sequences run at once (and, with T, only while their prompt + output tokens fit
//     in T); the rest wait in one FIFO queue;
//   * a sequence's first token is due ISL/R after it got its slot (prefill, beside the batch);
//   * each later token takes one decode step of D0 + K·b ms, b the sequences running as the
//     step starts.
//
// batch_scheduler.h keeps the shared state while serving; the functions here compute, on paper,
// what a closed-loop client (C clients, each sending its next request the moment a reply ends,
// every request ISL prompt and OSL output tokens) measures, and the largest C meeting an SLA.
// Derivation and the exact formulas: docs/mock-server.md, "Serving model".
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace aiperf::mock {

struct ServingModel {
  static constexpr int64_t kUnlimited = std::numeric_limits<int64_t>::max();

  bool enabled = false;                 // set by any of the flags; off, replies keep --ttft-ms/--itl-ms
  double prefill_tokens_per_s = 0.0;    // R; 0: prefill takes no time
  double decode_step_ms = 0.0;          // D0
  double decode_step_ms_per_seq = 0.0;  // K
  int64_t max_num_seqs = kUnlimited;    // N
  int64_t kv_cache_tokens = kUnlimited; // T

  double prefill_ms(int64_t prompt_tokens) const {
    return prefill_tokens_per_s > 0 ? 1000.0 * double(prompt_tokens) / prefill_tokens_per_s : 0.0;
  }
  double step_ms(int64_t batch) const { return decode_step_ms + decode_step_ms_per_seq * double(batch); }
  // Sequences of `tokens_per_seq` (prompt + output) tokens that run at once:
  // min(N, floor(T / tokens_per_seq)); kUnlimited without either cap; 0 when one never fits.
  int64_t slots(int64_t tokens_per_seq) const;
};

// A closed-loop load: `concurrency` clients, every request `isl` prompt and `osl` output tokens.
struct ClosedLoad {
  int64_t concurrency = 1;
  int64_t isl = 0;
  int64_t osl = 0;
  int64_t tokens_per_chunk = 1;  // --tokens-per-chunk: the first chunk waits for its last token
  double percentile = 99.0;      // of TTFT, as aiperf computes it (linear interpolation)
  // 0: the steady state. M > 0: the first M requests of a run whose C clients all send at once
  // at its start (the start-up transient included), as `aiperf profile --request-count M` sees.
  int64_t requests = 0;
};

// What the client measures, in ms (aiperf's definitions: ITL = (latency − TTFT) / (OSL − 1)).
struct ClosedLoopPrediction {
  int64_t slots = 0;            // as ServingModel::slots(isl + osl)
  int64_t running = 0;          // b = min(C, slots): the batch in every step
  double prefill_ms = 0.0;      // P = ISL / R
  double step_ms = 0.0;         // D0 + K·b
  double service_ms = 0.0;      // S = P + (OSL − 1)·step: slot taken to last token
  double itl_ms = 0.0;          // 0 for OSL < 2 (aiperf reports none)
  double wait_avg_ms = 0.0;     // queued before getting a slot
  double ttft_avg_ms = 0.0;
  double ttft_percentile_ms = 0.0;
  double latency_avg_ms = 0.0;
  double request_throughput = 0.0;  // per second
};

// Infinite times (and 0 throughput) when slots is 0: every request is refused.
ClosedLoopPrediction predict_closed_loop(const ServingModel& model, const ClosedLoad& load);

// Bounds a run must meet; an unset bound is not checked.
struct KneeSla {
  std::optional<double> ttft_ms;     // TTFT at the load's percentile ≤ this
  std::optional<double> itl_avg_ms;  // average ITL ≤ this
};

// The largest concurrency whose steady state meets every bound of `sla` (load.concurrency and
// load.requests are ignored); 0 when one client already misses; nullopt when every concurrency
// meets it (no knee: e.g. an ITL bound above D0 + K·N).
std::optional<int64_t> predicted_knee(const ServingModel& model, ClosedLoad load, const KneeSla& sla);

// --print-knee: what to compute.
struct KneeQuery {
  ClosedLoad load;              // concurrency used only when `at_concurrency` is set
  bool at_concurrency = false;  // also print the prediction at load.concurrency
  KneeSla sla;
};

// One JSON line: the model's constants, the knee (when `query.sla` has a bound) and the
// prediction at the asked concurrency. Documented in docs/mock-server.md.
std::string knee_report_json(const ServingModel& model, const KneeQuery& query);

}  // namespace aiperf::mock
