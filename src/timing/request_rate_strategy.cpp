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
      gaps_(spec.arrival_pattern, spec.arrival_smoothness, spec.random_seed) {}

double RequestRateStrategy::rate_at(int64_t elapsed_ns) const {
  return series_.empty() ? ramped_rate(rate_, ramp_ns_, elapsed_ns) : series_rate(series_, elapsed_ns);
}

int64_t RequestRateStrategy::gap_ns() { return gaps_.next_gap_ns(rate_at(next_ns_ - start_ns_)); }

void RequestRateStrategy::start(PhaseControl&) {
  start_ns_ = next_ns_ = mono_ns();
  next_ns_ += gap_ns();
}

void RequestRateStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  // Arrivals overdue beyond the catch-up bound are dropped (and counted) rather than fired
  // in a burst; the timeline keeps its grid, so the rate after a stall is the target rate.
  while (next_ns_ < now_ns - max_catchup_ns_ && control.can_send()) {
    next_ns_ += gap_ns();
    ++counts_.dropped_catching_up;
  }
  while (next_ns_ <= now_ns && control.can_send()) {
    const int64_t due = next_ns_;
    next_ns_ += gap_ns();  // the next arrival is fixed before this one is sent
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
