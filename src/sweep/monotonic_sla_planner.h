#pragma once
// `--search-planner monotonic_sla` (cli-and-load.md §5.6): the highest value of one integer
// dimension (e.g. concurrency) whose probe meets every SLA filter, assuming feasibility is
// monotone: feasible up to a limit, infeasible above it.
//
// 1. Exponential probe from lo: lo, 2·lo, 4·lo, ... (x + 1 when doubling does not move); the
//    first step reaching hi is clamped to hi, probed once. hi feasible → stop
//    "monotonic_no_failure_in_range"; lo infeasible → stop "monotonic_no_pass_in_range".
// 2. After the first failure the bracket is [feasible_max, infeasible_min]; bisect at
//    feasible_max + gap/2 (integer division, nudged strictly inside) until gap ≤ 1 or
//    gap / infeasible_min < precision → "monotonic_precision_reached".
// 3. `max_iterations` observations → "max_iterations".
//
// Stability. A value's verdict latches only after `stability_trials` agreeing successful trials
// at that value; until then next() asks for the same value again. Trials are counted across
// observations of the value: passes = passing_trials, failures = successful_trials −
// passing_trials. The verdict is "feasible" as soon as passes ≥ stability_trials, else
// "infeasible" once failures ≥ stability_trials (passes are checked first, so with
// stability_trials = 1 the verdict is exactly §5.6's per-iteration rule: at least one passing
// trial). An observation with no successful trial counts as one failure (a value the benchmark
// cannot finish is over the limit). Hence with --num-profile-runs ≥ stability_trials a single
// iteration normally latches its value; with --num-profile-runs 1 and the default 2 every
// value is probed twice (upstream counts one observation per iteration, so its docs' "automatic
// with ≥ 2 runs" holds here as well).
//
// Non-monotonic warning. An observation whose verdict (ProbeResult::feasible) contradicts what is
// known sets last_non_monotonic(): feasible at or above the latched infeasible_min, infeasible at
// or below the latched feasible_max, or — the case that occurs, since only values inside the
// bracket are asked — disagreeing with a trial already counted at the same value (noise around
// the limit). The bracket only moves on latched verdicts and never widens.
#include <cstdint>
#include <optional>

#include "sweep/search_planner.h"

namespace aiperf {

// The exponential probe's next value after a pass at x: 2·x (x + 1 when that does not grow x,
// e.g. at 0), clamped to hi.
double exponential_next(double x, double hi);

class MonotonicSlaPlanner final : public SearchPlanner {
 public:
  // Expects what make_search_planner checks: one integer dimension, ≥ 1 filter, lo ≥ 0,
  // stability_trials ≥ 1, 0 < precision < 1.
  explicit MonotonicSlaPlanner(const PlannerSettings& settings);

  std::optional<std::vector<double>> next() override;
  void observe(const ProbeResult& result) override;
  std::string convergence_reason() const override { return reason_; }
  bool last_non_monotonic() const override { return last_non_monotonic_; }

  // The latched bracket so far (nullopt until a side is known).
  std::optional<int64_t> feasible_max() const { return feasible_max_; }
  std::optional<int64_t> infeasible_min() const { return infeasible_min_; }

 private:
  void latch(bool feasible);
  void choose_next_value();
  void finish(const char* reason);

  int64_t lo_, hi_;
  double precision_;
  int stability_trials_;
  int max_iterations_;

  int iterations_ = 0;
  int64_t value_;            // the value being asked (valid while reason_ is empty)
  int passes_at_value_ = 0;  // trials counted at value_ since it was first asked
  int failures_at_value_ = 0;
  std::optional<int64_t> feasible_max_, infeasible_min_;
  bool last_non_monotonic_ = false;
  std::string reason_;
};

}  // namespace aiperf
