#pragma once
// Prefill concurrency (cli-and-load.md §4.0, §4.6): at most P requests of a phase may have
// been sent without their first streamed event having arrived. A slot is taken just before
// a credit is issued and freed by the worker's first-token report, or by the credit's return
// when no report came (error, cancel, non-streamed reply).
//
// With a ramp (--prefill-concurrency-ramp-duration D) the limit starts at 1 and value v
// (2..P) applies D·(v−1)/(P−1) seconds after the phase starts, as the concurrency ramp (§4.5).
// Issuer thread only.
#include <cstdint>

namespace aiperf {

class PrefillGate {
 public:
  // `limit` 0: no gate (every slot check passes, nothing is counted).
  PrefillGate(int64_t limit, double ramp_s, int64_t start_ns);

  bool enabled() const { return target_ > 0; }
  bool has_slot() const { return !enabled() || in_use_ < limit_; }
  void acquire() { ++in_use_; }
  void release() { --in_use_; }

  int64_t limit() const { return limit_; }
  int64_t in_use() const { return in_use_; }

  // Absolute monotonic ns of the next ramp step; 0 = none left.
  int64_t next_step_ns() const;
  // Applies every step due by `now_ns`; true when the limit grew.
  bool advance(int64_t now_ns);
  // Adaptive scale (§5.7) moves the limit (>= 1) of an enabled gate; any ramp ends. Slots taken
  // beyond a lowered limit are kept until their first token.
  void set_limit(int64_t limit) {
    if (!enabled() || limit < 1) return;
    target_ = limit_ = limit;
    ramp_ns_ = 0;
  }

 private:
  int64_t step_at_ns(int64_t value) const;

  int64_t target_;
  int64_t ramp_ns_;
  int64_t start_ns_;
  int64_t limit_;
  int64_t in_use_ = 0;
};

}  // namespace aiperf
