#pragma once
// `--search-planner bayesian` (the default) and `--search-planner optuna`: N-dimensional
// Bayesian optimisation of the objective (--search-metric/--search-stat, --search-direction)
// subject to the SLA filters (cli-and-load.md §5.6).
//
// Algorithm: constrained expected improvement on Gaussian-process surrogates (Gardner et al.,
// "Bayesian optimization with inequality constraints", ICML 2014).
// Why this and not upstream's: upstream drives an Optuna study (BoTorch qLogNEI when installed,
// else TPE). Neither library exists in C++; constrained EI on a GP is the single-point,
// noise-tolerant core those samplers share, it needs nothing beyond a small GP and a normal CDF,
// and it treats SLA filters as smooth constraints (their margins) rather than as pass/fail
// labels, which is what makes the search find boundaries in few probes. `optuna` maps to this
// same planner; --optuna-sampler, --optuna-acquisition and --optuna-terminator do not change it.
//
// 1. The first `initial_points` probes are Sobol points (sobol_sequence.h, scrambled by
//    --search-random-seed) mapped onto the space (from_unit_cube).
// 2. Then, every iteration, on the unit cube: one GP (gaussian_process.h) on the objective of
//    the probes that have one, and one GP per SLA filter on its margin (ProbeResult::margins;
//    a missing margin — no trial produced the metric — is imputed as the worst observed margin
//    minus 10 % of that filter's spread, or −1 when none was observed). The acquisition is
//      EI(x) · Π_j Φ(μ_j(x) / σ_j(x)),
//    EI taken on s·objective (s = +1 maximize, −1 minimize) over the best feasible observed
//    value; before any probe is feasible it is the probability of feasibility alone. It is
//    evaluated in logs (no underflow far from the incumbent) on 1024 + 256·d scrambled Sobol
//    candidates, and the best five are refined by a compass search (steps 1/16 down to 1/1024).
//    Candidates are snapped to the grid first (integer dimensions round, see from_unit_cube),
//    and the winner is the best one not probed already; none left → "search_space_exhausted".
// 3. Stop with the first of: "improvement_patience" (improvement_patience iterations without a
//    better best feasible objective, counted once a feasible probe exists); "plateau" (the
//    sample CV of the last plateau_window objectives < plateau_threshold, skipped when
//    |mean| < 1e-9); "max_iterations".
// Deterministic: the same settings and observations give the same probes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sweep/search_planner.h"
#include "sweep/sobol_sequence.h"

namespace aiperf {

class BayesianPlanner final : public SearchPlanner {
 public:
  // Expects what make_search_planner checks: 1..32 dimensions, a direction, initial_points ≥ 1.
  explicit BayesianPlanner(const PlannerSettings& settings);

  std::optional<std::vector<double>> next() override;
  void observe(const ProbeResult& result) override;
  std::string convergence_reason() const override { return reason_; }

  struct Best {
    std::vector<double> point;
    double objective;
    int iteration;  // 0-based
  };
  // The best feasible probe so far (ties: the earliest).
  std::optional<Best> best() const { return best_; }

 private:
  struct Observation {
    std::vector<double> point, unit;
    std::optional<double> objective;
    bool feasible;
    std::vector<std::optional<double>> margins;
  };

  std::optional<std::vector<double>> initial_point();
  std::optional<std::vector<double>> acquisition_point();
  std::vector<double> snap(const std::vector<double>& unit) const;  // unit → point
  bool probed(const std::vector<double>& point) const;
  void finish(const char* reason);

  std::vector<SearchDimension> dims_;
  size_t filter_count_;
  double sign_;  // +1 maximize, −1 minimize
  int max_iterations_, initial_points_, patience_, plateau_window_;
  double plateau_threshold_;
  uint64_t seed_;

  SobolSequence initial_sequence_;
  std::vector<Observation> history_;
  std::optional<std::vector<double>> pending_;
  std::optional<Best> best_;
  int since_improvement_ = 0;
  std::string reason_;
};

}  // namespace aiperf
