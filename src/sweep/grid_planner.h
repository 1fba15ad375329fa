#pragma once
// `--search-style grid` (cli-and-load.md §5.6): probe a fixed log-spaced grid of one dimension
// in ascending order — every value, whatever the verdicts — then report the breach point:
// boundary_extras() is the sla_breach.json object (sla_breach_report). Finishes with reason "grid_complete" (or "max_iterations" if the budget is
// smaller than the grid).
#include <vector>

#include "sweep/search_planner.h"

namespace aiperf {

// `steps` values log-spaced over [lo, hi] (lo > 0; lo and hi themselves included):
// lo·(hi/lo)^(i/(steps−1)), i = 0..steps−1. Integer dimensions round half to even and drop
// repeats, so a narrow range gives fewer values. Ascending. [1, 1000], 8 steps →
// 1, 3, 7, 19, 52, 139, 373, 1000.
std::vector<double> log_grid(const SearchDimension& dim, int steps);

// sla_breach.json from the probes of a 1-D grid (any order; reported ascending):
//   {swept_dim_path, filters: ["tag:stat:op:threshold", ...],
//    max_passing_concurrency:   highest feasible value below first_failing_concurrency (the
//                               highest feasible value when nothing failed), or null,
//    first_failing_concurrency: lowest infeasible value, or null,
//    breach: {metric_tag, stat, op, threshold, observed} at first_failing_concurrency, or null,
//    all_points: [{concurrency, feasible, objective_value, observed: {sla_filter_text: value}}],
//    monotonicity_check: {monotonic, passing_above_first_failure: [values]}}
// The *_concurrency names are upstream's, whatever the swept dimension is.
nlohmann::ordered_json sla_breach_report(const SearchDimension& dim, const std::vector<SlaFilter>& filters,
                                         const std::vector<ProbeResult>& probes);

class GridPlanner final : public SearchPlanner {
 public:
  // Expects what make_search_planner checks: one dimension with lo > 0, grid_steps ≥ 1.
  explicit GridPlanner(const PlannerSettings& settings);

  std::optional<std::vector<double>> next() override;
  void observe(const ProbeResult& result) override;
  std::string convergence_reason() const override { return reason_; }

  const std::vector<double>& values() const { return values_; }
  // sla_breach.json: sla_breach_report over the probes so far.
  nlohmann::ordered_json boundary_extras() const override { return sla_breach_report(dim_, filters_, probes_); }

 private:
  SearchDimension dim_;
  std::vector<SlaFilter> filters_;
  std::vector<double> values_;
  int max_iterations_;
  std::vector<ProbeResult> probes_;
  std::string reason_;
};

}  // namespace aiperf
