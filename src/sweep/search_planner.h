#pragma once
// The "find the limit" search planners (cli-and-load.md §5.6) behind one small interface, and the
// pieces every planner shares: the settings they read, the unit-cube mapping of a search space,
// the breach detail of a probe and the 1-D boundary_summary of search_history.json.
//
// Planners are pure and deterministic: no I/O, no clock, no global RNG. The orchestrator owns the
// loop:
//   while (auto point = planner->next()) {           // nullopt: finished (see convergence_reason)
//     ProbeResult r = run M trials at *point ...;
//     planner->observe(r);                           // always the result of the last next()
//   }
// next() may be called again before observe(): it returns the same pending point. Every planner
// also stops itself after `max_iterations` observations (reason "max_iterations").
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/search_types.h"

namespace aiperf {

class SearchPlanner {
 public:
  virtual ~SearchPlanner() = default;
  // The next point to probe (one value per dimension, integer dimensions hold whole numbers), or
  // nullopt when the search is finished.
  virtual std::optional<std::vector<double>> next() = 0;
  // The result of the point the last next() returned.
  virtual void observe(const ProbeResult& result) = 0;
  // Why the search finished ("" while it runs); each planner's header lists its reasons.
  virtual std::string convergence_reason() const = 0;
  // The last observation contradicted monotonic feasibility (search_history's per-iteration
  // non_monotonic_warning). 1-D planners only.
  virtual bool last_non_monotonic() const { return false; }
  // Planner-specific fields merged into search_history.json's boundary_summary (an object; empty
  // for planners that add none).
  virtual nlohmann::ordered_json boundary_extras() const { return nlohmann::ordered_json::object(); }
};

// What a planner reads. Each field names the option that sets it.
struct PlannerSettings {
  // --search-planner (bayesian, optuna, monotonic_sla, smooth_isotonic) or --search-style
  // (bo, monotonic, smooth_isotonic, optuna, grid); see make_search_planner for the aliases.
  std::string name = "bayesian";
  std::vector<SearchDimension> dims;         // --search-space, in order
  std::vector<SlaFilter> filters;            // --search-sla, in order (ProbeResult's order)
  std::optional<SearchDirection> direction;  // --search-direction (bayesian/optuna only)
  int max_iterations = 30;                   // --search-max-iterations
  int initial_points = 5;                    // --search-initial-points (bayesian: Sobol points)
  uint64_t seed = 0;                         // --search-random-seed (bayesian: Sobol scramble)
  // Relative bracket width at which the 1-D planners stop
  // (AIPERF_SEARCH_PLANNER_SLA_PRECISION_DEFAULT).
  double precision = 0.05;
  // monotonic_sla: agreeing successful trials before a value's verdict latches
  // (monotonic_stability_trials).
  int stability_trials = 2;
  int grid_steps = 8;               // grid: log-spaced values (--concurrency-steps)
  int improvement_patience = 10;    // bayesian: iterations without a better best feasible
  int plateau_window = 8;           // bayesian: objectives in the plateau test
  double plateau_threshold = 0.01;  // bayesian: sample CV below which the search has plateaued
};

// The planner `settings.name` names, checked against what it needs. Throws ConfigError (one
// line, naming the option: --search-planner, --search-space, --search-sla, ...) for an unknown
// name or an unusable setting.
std::unique_ptr<SearchPlanner> make_search_planner(const PlannerSettings& settings);

// ---- the search space as a unit cube -----------------------------------------------------
// Real: u ↦ lo + u·(hi − lo). Integer: the cube is cut into hi − lo + 1 equal cells, one per
// whole number, so uniform u gives uniform integers: u ↦ min(hi, lo + ⌊u·(hi − lo + 1)⌋).
std::vector<double> from_unit_cube(std::span<const double> u, const std::vector<SearchDimension>& dims);
// The inverse: real values scale linearly, integers map to the centre of their cell.
std::vector<double> to_unit_cube(std::span<const double> point, const std::vector<SearchDimension>& dims);
// A dimension's value as JSON: a whole number for integer dimensions, else the double.
nlohmann::ordered_json dimension_value_json(double value, SearchKind kind);

// ---- SLA filters (labels and comparisons: sla_filter.h) ------------------------------------
// The breach detail of an infeasible probe: {metric_tag, stat, op, threshold, observed} of the
// first filter whose mean observed value misses its threshold (a missing value counts as a miss,
// observed null); when every mean passes (feasibility is judged per trial), the filter with the
// smallest margin. null without filters.
nlohmann::ordered_json first_breach(const std::vector<SlaFilter>& filters, const ProbeResult& probe);

// ---- the 1-D boundary summary ------------------------------------------------------------
// search_history.json's boundary_summary for a 1-D search, from the probes in iteration order
// (iteration_idx = index in `iterations` + 1, like search_iter_NNNN and the iterations[] list):
//   {swept_dim_path,
//    feasible_max: {value, iteration_idx, objective_value} | null   — highest feasible value,
//    infeasible_min: {value, iteration_idx, first_breach{metric_tag, stat, op, threshold,
//                     observed}} | null                           — lowest infeasible value
//                                                                     above feasible_max}
// A value probed several times reports its first iteration with that verdict; first_breach is
// as above. Integer dimensions write whole numbers. The caller merges the planner's
// boundary_extras() on top.
nlohmann::ordered_json boundary_summary(const SearchDimension& dim, const std::vector<SlaFilter>& filters,
                                        const std::vector<ProbeResult>& iterations);

}  // namespace aiperf
