#include "timing/fixed_schedule_strategy.h"

#include <algorithm>

#include "common/clock.h"

namespace aiperf {

FixedScheduleStrategy::FixedScheduleStrategy(const PhaseSpec& spec)
    : offsets_ns_(spec.fixed_schedule_ns), ceiling_(spec.concurrency), shard_(spec.shard) {}

void FixedScheduleStrategy::start(PhaseControl& control) {
  start_ns_ = mono_ns();
  deadline_reached(control, start_ns_);
}

int64_t FixedScheduleStrategy::next_deadline_ns() const {
  // While waiting for a slot only a returned credit can help; the issuer wakes on those.
  if (waiting_for_slot_ || next_ >= offsets_ns_.size()) return 0;
  return start_ns_ + offsets_ns_[next_];
}

void FixedScheduleStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  waiting_for_slot_ = false;
  while (next_ < offsets_ns_.size() && start_ns_ + offsets_ns_[next_] <= now_ns && control.can_send()) {
    if (ceiling_ > 0 && control.in_flight() >= ceiling_) {
      waiting_for_slot_ = true;
      return;
    }
    if (shard_.owns(next_))  // sharded: whole sessions (entries) are split across the shards
      control.issue_entry(start_ns_ + offsets_ns_[next_], uint32_t(next_));
    ++next_;
  }
  if (next_ >= offsets_ns_.size()) control.finish_sending();
}

void FixedScheduleStrategy::credit_returned(PhaseControl& control) {
  // The waiting entry was already due; the clock cannot say otherwise.
  if (waiting_for_slot_) deadline_reached(control, std::max(mono_ns(), start_ns_ + offsets_ns_[next_]));
}

}  // namespace aiperf
