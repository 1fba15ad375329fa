#pragma once
// Open loop (cli-and-load.md §4.2): one arrival per gap on an absolute timeline anchored at
// the phase start (the first arrival one gap after it), whether or not earlier requests
// have finished. Deadlines advance by the gap, never from "now", so the issuer's wake-up
// jitter does not accumulate into the achieved rate.
//
// With --concurrency C as a ceiling (§4.2.1) an arrival that finds C credits out is skipped,
// not queued; so is one that finds every --prefill-concurrency slot taken (§4.6, where
// upstream is unsure; our choice). After a stall, arrivals still within the catch-up bound
// (AIPERF_TIMING_MAX_CATCHUP_SECONDS) are sent at once; older ones are dropped.
// Both are counted (arrival_counts) so the report can say what was not sent.
// With --concurrency-ramp-duration the ceiling itself ramps from 1 (§4.5).
// With a LoadKnob (adaptive scale, §5.7) the rate is the knob's value, read every
// LoadKnob::kPollNs; a change rescales the wait left to the next arrival (the same draw at the
// new rate), and at the knob's stop time the phase stops sending. The knob may move the prefill
// limit instead.
#include <algorithm>

#include "timing/arrival_schedule.h"
#include "timing/load_knob.h"
#include "timing/load_strategy.h"

namespace aiperf {

class RequestRateStrategy : public LoadStrategy {
 public:
  explicit RequestRateStrategy(const PhaseSpec& spec);

  void start(PhaseControl& control) override;
  void credit_returned(PhaseControl&) override {}
  int64_t next_deadline_ns() const override { return knob_ ? std::min(next_ns_, next_poll_ns_) : next_ns_; }
  void deadline_reached(PhaseControl& control, int64_t now_ns) override;
  ArrivalCounts arrival_counts() const override { return counts_; }
  bool sends_on_schedule() const override { return true; }
  // A continuation whose think time is over waits for the next tick and takes it (§4.11).
  void continuations_ready(PhaseControl&) override {}

 private:
  int64_t gap_ns();

  double rate_at(int64_t elapsed_ns) const;
  // False once the knob says stop.
  bool follow_knob(PhaseControl& control, int64_t now_ns);

  double rate_;
  std::vector<RateSeriesPoint> series_;  // not empty: replaces rate_ and its ramp
  int64_t ceiling_;  // 0 = none
  int64_t ceiling_ramp_ns_;
  int64_t ramp_ns_;
  int64_t max_catchup_ns_;
  ArrivalGaps gaps_;
  int64_t start_ns_ = 0;
  int64_t next_ns_ = 0;
  ArrivalCounts counts_;
  const LoadKnob* knob_;
  bool knob_moves_prefill_;  // the knob is the prefill limit (§4.6), the rate stays as given
  ShardSlice shard_;         // sharded: the arrivals of the timeline this process sends
  uint64_t arrival_ = 0;     // arrivals drawn so far, every shard's
  double knob_rate_ = 0;  // the knob's value the timeline was last drawn at
  int64_t next_poll_ns_ = 0;
};

}  // namespace aiperf
