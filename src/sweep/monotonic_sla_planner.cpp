#include "sweep/monotonic_sla_planner.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace aiperf {

double exponential_next(double x, double hi) {
  double doubled = 2 * x;
  if (!(doubled > x)) doubled = x + 1;
  return std::min(doubled, hi);
}

MonotonicSlaPlanner::MonotonicSlaPlanner(const PlannerSettings& s)
    : lo_(int64_t(std::ceil(s.dims.at(0).lo))),
      hi_(int64_t(std::floor(s.dims.at(0).hi))),
      precision_(s.precision),
      stability_trials_(s.stability_trials),
      max_iterations_(s.max_iterations),
      value_(lo_) {}

std::optional<std::vector<double>> MonotonicSlaPlanner::next() {
  if (!reason_.empty()) return std::nullopt;
  if (iterations_ >= max_iterations_) {
    finish("max_iterations");
    return std::nullopt;
  }
  return std::vector<double>{double(value_)};
}

void MonotonicSlaPlanner::observe(const ProbeResult& r) {
  if (!reason_.empty()) throw std::logic_error("MonotonicSlaPlanner::observe after the search finished");
  ++iterations_;

  int successful = std::max(r.successful_trials, 0);
  int passes = std::clamp(r.passing_trials, 0, successful);
  if (r.feasible && passes == 0) passes = 1;  // a verdict without trial counts is one trial
  int failures = successful - std::min(passes, successful);
  if (passes == 0 && failures == 0) failures = 1;  // no successful trial: infeasible (§5.6)
  last_non_monotonic_ = r.feasible ? (infeasible_min_ && value_ >= *infeasible_min_) || failures_at_value_ > 0
                                   : (feasible_max_ && value_ <= *feasible_max_) || passes_at_value_ > 0;
  passes_at_value_ += passes;
  failures_at_value_ += failures;

  if (passes_at_value_ >= stability_trials_) {
    latch(true);
  } else if (failures_at_value_ >= stability_trials_) {
    latch(false);
  } else if (iterations_ >= max_iterations_) {
    finish("max_iterations");
  }
}

void MonotonicSlaPlanner::latch(bool feasible) {
  // Only values strictly inside the bracket are asked, so a latched verdict always narrows it.
  if (feasible) {
    if (!infeasible_min_ || value_ < *infeasible_min_) feasible_max_ = std::max(feasible_max_.value_or(value_), value_);
  } else {
    if (!feasible_max_ || value_ > *feasible_max_) infeasible_min_ = std::min(infeasible_min_.value_or(value_), value_);
  }
  passes_at_value_ = failures_at_value_ = 0;
  choose_next_value();
  if (reason_.empty() && iterations_ >= max_iterations_) finish("max_iterations");
}

void MonotonicSlaPlanner::choose_next_value() {
  if (!feasible_max_) {  // lo failed
    finish("monotonic_no_pass_in_range");
    return;
  }
  if (!infeasible_min_) {  // still probing upwards
    if (*feasible_max_ >= hi_) {
      finish("monotonic_no_failure_in_range");
      return;
    }
    value_ = int64_t(exponential_next(double(*feasible_max_), double(hi_)));
    return;
  }
  int64_t gap = *infeasible_min_ - *feasible_max_;
  if (gap <= 1 || double(gap) / double(*infeasible_min_) < precision_) {
    finish("monotonic_precision_reached");
    return;
  }
  value_ = std::clamp(*feasible_max_ + gap / 2, *feasible_max_ + 1, *infeasible_min_ - 1);
}

void MonotonicSlaPlanner::finish(const char* reason) {
  if (reason_.empty()) reason_ = reason;
}

}  // namespace aiperf
