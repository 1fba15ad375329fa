#include "timing/concurrency_strategy.h"

#include <cmath>

#include "common/clock.h"

namespace aiperf {

ConcurrencyStrategy::ConcurrencyStrategy(int64_t concurrency, double ramp_s)
    : concurrency_(concurrency),
      ramp_ns_(ramp_s > 0 && concurrency > 1 ? int64_t(std::llround(ramp_s * 1e9)) : 0),
      limit_(ramp_ns_ ? 1 : concurrency) {}

void ConcurrencyStrategy::start(PhaseControl& control) {
  start_ns_ = mono_ns();
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
  return limit_ < concurrency_ ? step_at_ns(limit_ + 1) : 0;
}

void ConcurrencyStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  while (limit_ < concurrency_ && step_at_ns(limit_ + 1) <= now_ns) ++limit_;
  fill(control);
}

}  // namespace aiperf
