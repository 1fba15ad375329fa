#pragma once
// Closed loop (cli-and-load.md §4.1): keep exactly N requests in flight; a returned credit
// is replaced at once while the stop conditions allow.
//
// With a ramp (§4.5, --concurrency-ramp-duration D) the limit starts at 1 and value v (2..N)
// applies D·(v−1)/(N−1) seconds after the phase starts. Besides sparing the server a
// thundering herd, a ramp spreads the requests' phases: without one, N identical requests that
// start together finish together and restart together for the whole run.
//
// With --prefill-concurrency a free session slot also waits for a free prefill slot (§4.6).
//
// With a LoadKnob (adaptive scale, §5.7) the limit is the knob's value, read every
// LoadKnob::kPollNs: a higher limit sends at once; a lower one sends nothing until enough
// requests have finished (workers hand back that many credits instead of renewing them), so
// no request is cancelled. At the knob's stop time the phase stops sending. The knob may move
// the prefill limit instead, the concurrency then staying as given.
#include "timing/load_knob.h"
#include "timing/load_strategy.h"

namespace aiperf {

class ConcurrencyStrategy : public LoadStrategy {
 public:
  // `knob_moves_prefill`: the knob is the prefill limit (§4.6), not the concurrency.
  ConcurrencyStrategy(int64_t concurrency, double ramp_s, const LoadKnob* knob = nullptr,
                      bool knob_moves_prefill = false);

  void start(PhaseControl& control) override;
  void credit_returned(PhaseControl& control) override { fill(control); }
  void prefill_released(PhaseControl& control) override { fill(control); }
  bool renewable() const override { return true; }
  int64_t next_deadline_ns() const override;
  void deadline_reached(PhaseControl& control, int64_t now_ns) override;

 private:
  void fill(PhaseControl& control);
  int64_t step_at_ns(int64_t value) const;  // when the limit becomes `value`
  void follow_knob(PhaseControl& control, int64_t now_ns);

  int64_t concurrency_;
  int64_t ramp_ns_;
  int64_t limit_;
  int64_t start_ns_ = 0;
  const LoadKnob* knob_;
  bool knob_moves_prefill_;
  int64_t knob_limit_ = 0;  // the knob's value last applied
  int64_t next_poll_ns_ = 0;
};

}  // namespace aiperf
