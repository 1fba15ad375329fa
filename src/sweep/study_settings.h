#pragma once
// What turns one `aiperf profile` into a study of several benchmarks (cli-and-load.md §5):
// trials per variation and their confidence statistics, how variations are ordered and seeded,
// and the SLA-bounded search. Filled from §3.17's flags and the YAML `multi_run:` / `sweep:`
// sections; every benchmark of the study is still one ProfileConfig.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sweep/convergence.h"
#include "sweep/search_types.h"

namespace aiperf {

struct MultiRunSettings {
  int num_runs = 1;                      // --num-profile-runs (a maximum with convergence)
  double cooldown_seconds = 0;           // --profile-run-cooldown-seconds
  double confidence_level = 0.95;        // --confidence-level
  bool disable_warmup_after_first = true;
  bool set_consistent_seed = true;       // no --random-seed: 42 for every study
  bool vary_seed_per_trial = false;
  std::optional<ConvergenceSettings> convergence;  // --convergence-metric and its options
};

// --parameter-sweep-mode: trials outer (every variation, then again) or variations outer.
enum class SweepOrder { repeated, independent };

struct SweepRunSettings {
  double cooldown_seconds = 0;           // --parameter-sweep-cooldown-seconds / sweep.cooldown_seconds
  bool same_seed = false;                // --parameter-sweep-same-seed / sweep.same_seed
  SweepOrder order = SweepOrder::repeated;
  bool show_table = true;                // --no-sweep-table turns it off (also off when stdout is not a TTY)
  // Stop the remaining benchmarks after this many failed trials (sweep.max_failed_trials;
  // unset: run them all). Failed trials are recorded either way.
  std::optional<int> max_failed_trials;
};

// The "find the limit" search (§5.6) once recipes and sugar are resolved.
struct SearchSettings {
  std::string planner = "bayesian";      // bayesian, optuna, monotonic_sla, smooth_isotonic, grid
  std::vector<SearchDimension> space;    // --search-space
  std::string metric;                    // --search-metric ("" = none: feasibility only)
  std::string stat = "avg";              // --search-stat
  std::optional<SearchDirection> direction;
  int max_iterations = 30;               // --search-max-iterations
  int initial_points = 5;                // --search-initial-points
  uint64_t seed = 0;                     // --search-random-seed (default: the study's seed)
  std::string recipe;                    // --search-recipe, "" = none
  bool pooled_percentiles = false;       // --search-percentile-pooling pooled
};

// --search-sla-tier LABEL:FILTER[,FILTER...]: one search per tier, each under its own filters.
struct SlaTier {
  std::string label;
  std::vector<SlaFilter> filters;
};

struct StudySettings {
  MultiRunSettings multi_run;
  SweepRunSettings sweep;
  std::vector<SlaFilter> sla_filters;    // --search-sla and the *-sla-ms sugar
  std::optional<SearchSettings> search;
  std::vector<SlaTier> sla_tiers;        // 2..10, or none
};

}  // namespace aiperf
