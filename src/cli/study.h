#pragma once
// One `aiperf profile` command as the benchmarks it stands for (cli-and-load.md §5): a single
// run, a multi-run, a sweep of variations, or an SLA search whose points are chosen as it goes.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/profile_config.h"
#include "sweep/recipe_reports.h"
#include "sweep/study_settings.h"

namespace aiperf {

struct StudyVariation {
  std::string name;  // its directory: "<param>_<value>" joined by "__", or the scenario's name
  std::vector<std::pair<std::string, std::string>> parameters;  // swept name -> value, as written
  ProfileConfig config;
};

struct Study {
  StudySettings settings;
  // "none", "grid", "zip", "scenarios", "sobol", "latin_hypercube" (search: "none" and `search` set)
  std::string sweep_type = "none";
  std::vector<std::string> dimensions;     // swept parameter names, in expansion order
  // A grid recipe whose sweep gets a post-processed artifact (concurrency-ramp, prefill-ttft-curve,
  // decode-itl-curve, pareto-sweep); "" otherwise. Search recipes are in settings.search->recipe.
  std::string recipe;
  RecipeOptions recipe_options;
  std::vector<StudyVariation> variations;  // one when nothing is swept (the base)
  // The search's benchmark at a point of settings.search->space (values already rounded).
  std::function<ProfileConfig(const std::vector<double>&)> config_at;

  bool is_sweep() const { return sweep_type != "none"; }
  // More than one benchmark, or an aggregate to write: the study runner's job.
  bool needs_study_runner() const {
    return is_sweep() || settings.multi_run.num_runs > 1 || settings.search.has_value();
  }
};

// `args` excludes the program name and "profile". Throws ConfigError with one line naming the
// option (or file:line:column) at fault; nullopt after printing --help.
std::optional<Study> parse_profile_study(const std::vector<std::string>& args);

}  // namespace aiperf
