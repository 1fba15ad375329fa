#pragma once
// Adaptive early stopping of a variation's trials (cli-and-load.md §5.5, --convergence-*):
// with --num-profile-runs as a maximum, the orchestrator asks after each trial whether the
// chosen metric statistic has settled, and stops when it has (and at least min_runs trials
// ran). The criteria read only what the trials exported: each successful trial's summary
// value of the statistic, and for `distribution` its per-request values (profile_export.jsonl).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

enum class ConvergenceMode {
  ci_width,      // 2 * t_crit * se / |mean| < threshold (full CI width relative to the mean)
  cv,            // std / |mean| < threshold
  distribution,  // KS p-value(latest trial vs earlier trials pooled) > threshold
};
enum class ConvergenceStat { avg, p50, p90, p95, p99, min, max };

// "ci_width", "cv", "distribution" / "avg", "p50", ... (the option values).
std::string_view convergence_mode_name(ConvergenceMode mode);
std::string_view convergence_stat_name(ConvergenceStat stat);
// The value `text` names, or ConfigError "<option>: invalid choice 'text' (choose from ...)".
ConvergenceMode parse_convergence_mode(std::string_view text, std::string_view option = "--convergence-mode");
ConvergenceStat parse_convergence_stat(std::string_view text, std::string_view option = "--convergence-stat");
// ci_width 0.10, cv 0.05, distribution 0.05 (a p-value: higher is stricter).
double default_convergence_threshold(ConvergenceMode mode);

// The command line's min_runs: min(3, num_profile_runs) (upstream warns when that is 2).
int cli_convergence_min_runs(int num_profile_runs);

struct ConvergenceSettings {
  std::string metric;  // metric tag, e.g. "time_to_first_token"
  ConvergenceStat stat = ConvergenceStat::avg;
  ConvergenceMode mode = ConvergenceMode::ci_width;
  std::optional<double> threshold;  // unset: default_convergence_threshold(mode)
  int min_runs = 3;                 // below 2 acts as 2: every criterion compares trials
  double confidence_level = 0.95;   // ci_width's Student-t level (--confidence-level)
};

struct ConvergenceVerdict {
  bool converged = false;
  // One line for the log, e.g.
  // "converged: time_to_first_token avg CI width 4.21% of mean < 10% after 3 trials".
  std::string reason;
};

class ConvergenceCheck {
 public:
  // Throws std::invalid_argument on an empty metric, a non-positive or non-finite threshold,
  // or a confidence level outside (0, 1) (the CLI has refused those already, with its own
  // messages; this guards other callers).
  explicit ConvergenceCheck(ConvergenceSettings settings);

  // `per_trial_values`: the statistic's value in each successful trial's summary so far, in
  // trial order; nullopt (or a non-finite value) where the summary lacked it. As upstream,
  // ci_width and cv use the trials that have a value and need min_runs of them; a metric no
  // trial reports is unknown and never converges (the reason says so). A zero mean never
  // converges.
  // `per_trial_samples` (distribution mode only; may be null otherwise): each successful
  // trial's per-request values of the metric, in trial order. The latest trial is compared
  // with all earlier ones pooled; needs min_runs trials and 2+ values on each side.
  ConvergenceVerdict converged(const std::vector<std::optional<double>>& per_trial_values,
                               const std::vector<std::vector<double>>* per_trial_samples = nullptr) const;

  const ConvergenceSettings& settings() const { return settings_; }
  double threshold() const { return threshold_; }
  int min_runs() const { return min_runs_; }

 private:
  ConvergenceVerdict spread_verdict(const std::vector<std::optional<double>>& values) const;
  ConvergenceVerdict distribution_verdict(const std::vector<std::vector<double>>* samples) const;
  std::string subject() const;  // "time_to_first_token avg"

  ConvergenceSettings settings_;
  double threshold_;
  int min_runs_;
};

}  // namespace aiperf
