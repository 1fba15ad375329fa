#include "timing/prefill_gate.h"

#include <cmath>

namespace aiperf {

PrefillGate::PrefillGate(int64_t limit, double ramp_s, int64_t start_ns)
    : target_(limit > 0 ? limit : 0),
      ramp_ns_(ramp_s > 0 && target_ > 1 ? int64_t(std::llround(ramp_s * 1e9)) : 0),
      start_ns_(start_ns),
      limit_(ramp_ns_ ? 1 : target_) {}

int64_t PrefillGate::step_at_ns(int64_t value) const {
  // long double: D·(v−1) in ns overflows int64 for long ramps at a high limit.
  return start_ns_ + int64_t((long double)ramp_ns_ * (value - 1) / (target_ - 1));
}

int64_t PrefillGate::next_step_ns() const { return limit_ < target_ ? step_at_ns(limit_ + 1) : 0; }

bool PrefillGate::advance(int64_t now_ns) {
  const int64_t before = limit_;
  while (limit_ < target_ && step_at_ns(limit_ + 1) <= now_ns) ++limit_;
  return limit_ != before;
}

}  // namespace aiperf
