#include "timing/user_centric_strategy.h"

#include <algorithm>
#include <cmath>

#include "common/clock.h"
#include "timing/user_centric_start.h"

namespace aiperf {

UserCentricStrategy::UserCentricStrategy(const PhaseSpec& spec, std::function<int64_t()> clock)
    : clock_(clock ? std::move(clock) : std::function<int64_t()>(mono_ns)),
      users_count_(std::max<int64_t>(1, spec.num_users)),
      lifetime_gaps_(std::max<int64_t>(1, std::llround(spec.average_turns) - 1)),
      stagger_ns_(1e9 / spec.user_centric_rate.value_or(1.0)),
      gap_ns_(double(users_count_) * stagger_ns_),
      ceiling_(spec.concurrency),
      shard_(spec.shard) {}

void UserCentricStrategy::plan(int64_t at_ns, uint32_t max_turns, uint64_t slot) {
  users_.push(PlannedUser{at_ns, max_turns, seq_++, slot});
}

void UserCentricStrategy::start(PhaseControl& control) {
  const int64_t start_ns = clock_();
  uint64_t slot = 0;
  for (const InitialUser& u : user_centric_initial_users(users_count_, lifetime_gaps_)) {
    if (shard_.owns(slot)) plan(start_ns + std::llround(double(u.order) * stagger_ns_), u.turns, slot);
    ++slot;
  }
  spawn_due(control, start_ns);
}

void UserCentricStrategy::spawn_due(PhaseControl& control, int64_t now_ns) {
  held_ = false;
  while (!users_.empty() && users_.top().at_ns <= now_ns) {
    if (!control.can_start_session()) {
      users_ = {};  // stop conditions never reopen: nothing more will be spawned
      return;
    }
    if (ceiling_ > 0 && control.in_flight() >= ceiling_) {
      held_ = true;  // retried when a session ends (credit_returned)
      return;
    }
    const PlannedUser u = users_.top();
    users_.pop();
    // Stamped with its planned time, so send_lag shows any hold-up.
    const uint32_t turns = control.start_session(u.at_ns, u.max_turns);
    if (turns == 0) {
      users_ = {};
      return;
    }
    // Its replacement comes one gap after its last planned turn, whatever the replies do.
    plan(u.at_ns + std::llround(double(turns) * gap_ns_), kWholeConversation, u.slot);
  }
}

void UserCentricStrategy::credit_returned(PhaseControl& control) {
  if (held_) spawn_due(control, clock_());
}

int64_t UserCentricStrategy::next_deadline_ns() const {
  return held_ || users_.empty() ? 0 : users_.top().at_ns;
}

void UserCentricStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  spawn_due(control, now_ns);
}

int64_t UserCentricStrategy::continuation_due_ns(const Credit& returned, int64_t) {
  // The dataset's think times do not apply: a user's turns are one gap apart, counted from
  // the previous turn's planned send; a late reply re-anchors to its completion.
  return std::max<int64_t>(returned.done_ns, returned.scheduled_ns + std::llround(gap_ns_));
}

void UserCentricStrategy::continuations_ready(PhaseControl& control) {
  while (control.issue_continuation(PhaseControl::kAtDue)) {
  }
}

}  // namespace aiperf
