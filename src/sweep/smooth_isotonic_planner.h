#pragma once
// `--search-planner smooth_isotonic` (the default --search-style; cli-and-load.md §5.6): the
// highest value of one dimension meeting every SLA filter, found from the *margins* (how far
// inside each SLA a probe was) rather than from pass/fail verdicts alone, so that it needs fewer
// probes than bisection when the margins vary smoothly.
//
// 1. The same exponential bracket as monotonic_sla (lo, 2·lo, ... , hi once), on the per-probe
//    verdict ProbeResult::feasible (no stability re-asks: the isotonic fit is the denoising).
//    lo infeasible → "no_pass_in_range"; hi feasible → "no_failure_in_range".
// 2. Inside the bracket [feasible_max, infeasible_min], after every probe and for every filter:
//    the margins observed so far (ProbeResult::margins; replicates at one value averaged,
//    weighted by successful trials) are divided by their spread (max − min; scale only, so
//    roots and the 3σ test below do not depend on the metric's unit), fitted non-increasing in
//    x by PAVA (more load never helps), interpolated by PCHIP, and solved for the first zero
//    crossing. The binding constraint is the filter with the smallest root — the zero of
//    min_j m_j(x), i.e. of the σ-normalised combined margin — and that root is the estimate x*.
// 3. The next probe is x*, kept at least min(gap/2, precision·infeasible_min/2) inside the
//    bracket so that each probe moves a side by a useful step; when the fit has no root inside
//    the bracket (the margins disagree with the verdicts) the probe is the bracket midpoint.
//    Integer dimensions probe whole numbers strictly inside the bracket.
// 4. Stop with the first of:
//    * "precision_reached": the bracket gap ≤ 1 (integers) or gap / infeasible_min < precision;
//    * "estimate_converged": x* moved less than precision·x* since the previous fit, lies in
//      the bracket, and feasible_max is within precision·x* of it (a feasible probe confirms it);
//    * "max_iterations".
//
// Not implemented (upstream has them): the 3 fixed interior probes before the model takes over
// (the model probes from the first fit instead), replicate trials at x* and the bootstrap CI.
// boundary_ci is therefore the bracket itself, {low: feasible_max, high: infeasible_min,
// method: "bracket"}: under monotonicity the boundary lies in it.
//
// boundary_type (boundary_extras), for the binding filter: the margin falls from feasible_max
// to infeasible_min by `drop`, where the straight line through the two highest feasible probes'
// margins predicts `expected` (≥ 0; a flat line when there is one feasible probe). "cliff" when
// the drop is localised — infeasible_min − feasible_max ≤ 2·precision·infeasible_min — and
// drop − expected > 3σ and drop > 3·expected; else "smooth". σ is the RMS of the PAVA residuals,
// at least precision × the margin spread (noise-free data have no residuals). A smooth margin's
// extrapolation error shrinks with the bracket, a jump's does not; the localisation and ratio
// tests keep a steep smooth margin seen across a wide final bracket (the search may stop by
// estimate_converged with infeasible_min far above) from reading as a cliff.
#include <optional>
#include <string>
#include <vector>

#include "sweep/monotonic_sla_planner.h"
#include "sweep/search_planner.h"

namespace aiperf {

class SmoothIsotonicPlanner final : public SearchPlanner {
 public:
  // Expects what make_search_planner checks: one dimension (lo > 0 when real, ≥ 0 when
  // integer), ≥ 1 filter, 0 < precision < 1.
  explicit SmoothIsotonicPlanner(const PlannerSettings& settings);

  std::optional<std::vector<double>> next() override;
  void observe(const ProbeResult& result) override;
  std::string convergence_reason() const override { return reason_; }
  // boundary_type, binding_constraint (the filter's --search-sla text), boundary_ci and
  // boundary_estimate (x*), each present once it is known.
  nlohmann::ordered_json boundary_extras() const override;

  std::optional<double> boundary_estimate() const { return estimate_; }
  std::optional<double> feasible_max() const { return feasible_max_; }
  std::optional<double> infeasible_min() const { return infeasible_min_; }

 private:
  struct Probe {
    double x;
    bool feasible;
    double weight;  // successful trials, at least 1
    std::vector<std::optional<double>> margins;
    std::vector<std::optional<double>> observed;
  };
  // One filter's margins, grouped by x (ascending), with their isotonic fit (spread-normalised).
  struct MarginFit {
    std::vector<double> x, margin, fitted;
    double spread = 1;
    std::optional<double> root;  // first zero of the PCHIP curve; nullopt: stays positive
  };

  MarginFit fit_filter(size_t filter) const;
  std::optional<size_t> binding_filter() const;
  void choose_next_value();
  double round_if_integer(double v) const;
  void finish(const char* reason);

  std::vector<SlaFilter> filters_;
  double lo_, hi_;
  bool integer_;
  double precision_;
  int max_iterations_;

  int iterations_ = 0;
  double value_;  // the pending probe (valid while reason_ is empty)
  std::vector<Probe> probes_;
  std::optional<double> feasible_max_, infeasible_min_;
  std::optional<double> estimate_;
  std::string reason_;
};

}  // namespace aiperf
