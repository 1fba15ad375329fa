#include "timing/concurrency_strategy.h"

#include <algorithm>
#include <cmath>

#include "common/clock.h"

namespace aiperf {

ConcurrencyStrategy::ConcurrencyStrategy(int64_t concurrency, double ramp_s, const LoadKnob* knob,
                                         bool knob_moves_prefill)
    : concurrency_(concurrency),
      ramp_ns_(ramp_s > 0 && concurrency > 1 && !knob ? int64_t(std::llround(ramp_s * 1e9)) : 0),
      limit_(ramp_ns_ ? 1 : concurrency),
      knob_(knob),
      knob_moves_prefill_(knob_moves_prefill) {}

void ConcurrencyStrategy::start(PhaseControl& control) {
  start_ns_ = mono_ns();
  if (knob_) return follow_knob(control, start_ns_);
  fill(control);
}

void ConcurrencyStrategy::fill(PhaseControl& control) {
  // in_flight() counts sessions: in multi-turn work a session keeps its slot between turns.
  while (control.in_flight() < limit_ && control.prefill_slot_free() && control.can_start_session())
    control.issue(0);
}

int64_t ConcurrencyStrategy::step_at_ns(int64_t value) const {
  // long double: D·(v−1) in ns overflows int64 for long ramps at high concurrency.
  return start_ns_ + int64_t((long double)ramp_ns_ * (value - 1) / (concurrency_ - 1));
}

int64_t ConcurrencyStrategy::next_deadline_ns() const {
  if (knob_) return next_poll_ns_;
  return limit_ < concurrency_ ? step_at_ns(limit_ + 1) : 0;
}

void ConcurrencyStrategy::follow_knob(PhaseControl& control, int64_t now_ns) {
  next_poll_ns_ = now_ns + LoadKnob::kPollNs;
  if (knob_->stopped(now_ns)) return control.finish_sending();
  const int64_t limit = std::max<int64_t>(1, std::llround(knob_->value()));
  if (limit != knob_limit_) {
    knob_limit_ = limit;
    if (knob_moves_prefill_) {
      control.set_prefill_limit(limit);
    } else {
      // Credits out beyond a lowered limit come back as their requests finish; a raised limit
      // withdraws what is still owed.
      control.retire_renewals(control.in_flight() - limit);
      limit_ = limit;
    }
  }
  fill(control);
}

void ConcurrencyStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  if (knob_) return follow_knob(control, now_ns);
  while (limit_ < concurrency_ && step_at_ns(limit_ + 1) <= now_ns) ++limit_;
  fill(control);
}

}  // namespace aiperf
