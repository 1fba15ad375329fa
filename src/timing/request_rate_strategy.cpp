#include "timing/request_rate_strategy.h"

#include <cmath>

#include "common/clock.h"

namespace aiperf {

RequestRateStrategy::RequestRateStrategy(const PhaseSpec& spec)
    : rate_(spec.request_rate.value_or(1.0)),
      series_(spec.rate_series),
      ceiling_(spec.concurrency),
      ceiling_ramp_ns_(spec.concurrency > 1 ? int64_t(std::llround(spec.concurrency_ramp_s * 1e9)) : 0),
      ramp_ns_(int64_t(std::llround(spec.rate_ramp_s * 1e9))),
      max_catchup_ns_(int64_t(std::llround(spec.max_catchup_s * 1e9))),
      gaps_(spec.arrival_pattern, spec.arrival_smoothness, spec.random_seed),
      knob_(spec.adaptive == AdaptiveVariable::request_rate || spec.adaptive == AdaptiveVariable::prefill_concurrency
                ? spec.knob
                : nullptr),
      knob_moves_prefill_(spec.adaptive == AdaptiveVariable::prefill_concurrency),
      shard_(spec.shard) {}

double RequestRateStrategy::rate_at(int64_t elapsed_ns) const {
  if (knob_ && !knob_moves_prefill_) return knob_rate_;
  return series_.empty() ? ramped_rate(rate_, ramp_ns_, elapsed_ns) : series_rate(series_, elapsed_ns);
}

bool RequestRateStrategy::follow_knob(PhaseControl& control, int64_t now_ns) {
  next_poll_ns_ = now_ns + LoadKnob::kPollNs;
  if (knob_->stopped(now_ns)) {
    control.finish_sending();
    return false;
  }
  if (knob_moves_prefill_) {
    control.set_prefill_limit(std::max<int64_t>(1, std::llround(knob_->value())));
    return true;
  }
  const double rate = knob_->value();
  if (rate > 0 && rate != knob_rate_) {
    // Gaps are unit-mean draws divided by the rate: the wait left is that draw's remainder.
    if (next_ns_ > now_ns) next_ns_ = now_ns + int64_t(double(next_ns_ - now_ns) * knob_rate_ / rate);
    knob_rate_ = rate;
  }
  return true;
}

int64_t RequestRateStrategy::gap_ns() { return gaps_.next_gap_ns(rate_at(next_ns_ - start_ns_)); }

void RequestRateStrategy::start(PhaseControl&) {
  start_ns_ = next_ns_ = mono_ns();
  if (knob_) {
    knob_rate_ = knob_->value() > 0 ? knob_->value() : rate_;
    next_poll_ns_ = start_ns_ + LoadKnob::kPollNs;
  }
  next_ns_ += gap_ns();
}

void RequestRateStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  if (knob_ && now_ns >= next_poll_ns_ && !follow_knob(control, now_ns)) return;
  // Arrivals overdue beyond the catch-up bound are dropped (and counted) rather than fired
  // in a burst; the timeline keeps its grid, so the rate after a stall is the target rate.
  while (next_ns_ < now_ns - max_catchup_ns_ && control.can_send()) {
    next_ns_ += gap_ns();
    if (shard_.owns(arrival_++)) ++counts_.dropped_catching_up;
  }
  while (next_ns_ <= now_ns && control.can_send()) {
    const int64_t due = next_ns_;
    next_ns_ += gap_ns();  // the next arrival is fixed before this one is sent
    // Sharded: every shard draws the whole timeline and sends its own arrivals of it.
    if (!shard_.owns(arrival_++)) continue;
    // Every turn takes a tick; a waiting continuation goes first (it already holds a slot).
    if (control.issue_continuation(due)) continue;
    if (!control.can_start_session()) continue;  // only running sessions' turns may follow
    if (ceiling_ > 0 && control.in_flight() >= ramped_limit(ceiling_, ceiling_ramp_ns_, due - start_ns_)) {
      ++counts_.skipped_at_cap;
      continue;
    }
    if (!control.prefill_slot_free()) {  // §4.6 [unsure]: skipped like a full --concurrency
      ++counts_.skipped_at_prefill_cap;
      continue;
    }
    control.issue(due);
  }
}

}  // namespace aiperf
