#include "sweep/convergence.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "config/enum_names.h"
#include "sweep/confidence_interval.h"
#include "sweep/ks_test.h"

namespace aiperf {
namespace {

constexpr std::array<std::pair<ConvergenceMode, std::string_view>, 3> kModes{{
    {ConvergenceMode::ci_width, "ci_width"},
    {ConvergenceMode::cv, "cv"},
    {ConvergenceMode::distribution, "distribution"},
}};
constexpr std::array<std::pair<ConvergenceStat, std::string_view>, 7> kConvergenceStats{{
    {ConvergenceStat::avg, "avg"},
    {ConvergenceStat::p50, "p50"},
    {ConvergenceStat::p90, "p90"},
    {ConvergenceStat::p95, "p95"},
    {ConvergenceStat::p99, "p99"},
    {ConvergenceStat::min, "min"},
    {ConvergenceStat::max, "max"},
}};

template <class E, size_t N>
E parse_from(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view text,
             std::string_view option) {
  for (const auto& [value, name] : table)
    if (name == text) return value;
  std::string choices;
  for (const auto& entry : table) (choices.empty() ? choices : choices += ", ") += entry.second;
  throw_invalid_choice(option, text, choices);
}

template <class E, size_t N>
std::string_view name_from(const std::array<std::pair<E, std::string_view>, N>& table, E value) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return {};
}

// Ratios print as percentages with 3 significant digits: "4.21%".
std::string percent(double ratio) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.3g%%", ratio * 100);
  return buf;
}

std::string short_number(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string trials(size_t n) { return std::to_string(n) + (n == 1 ? " trial" : " trials"); }

}  // namespace

std::string_view convergence_mode_name(ConvergenceMode mode) { return name_from(kModes, mode); }
std::string_view convergence_stat_name(ConvergenceStat stat) { return name_from(kConvergenceStats, stat); }

ConvergenceMode parse_convergence_mode(std::string_view text, std::string_view option) {
  return parse_from(kModes, text, option);
}
ConvergenceStat parse_convergence_stat(std::string_view text, std::string_view option) {
  return parse_from(kConvergenceStats, text, option);
}

double default_convergence_threshold(ConvergenceMode mode) {
  return mode == ConvergenceMode::ci_width ? 0.10 : 0.05;
}

int cli_convergence_min_runs(int num_profile_runs) { return std::min(3, num_profile_runs); }

ConvergenceCheck::ConvergenceCheck(ConvergenceSettings settings)
    : settings_(std::move(settings)),
      threshold_(settings_.threshold.value_or(default_convergence_threshold(settings_.mode))),
      min_runs_(std::max(2, settings_.min_runs)) {
  if (settings_.metric.empty()) throw std::invalid_argument("convergence: empty metric tag");
  if (!std::isfinite(threshold_) || threshold_ <= 0)
    throw std::invalid_argument("convergence: threshold must be a positive number, got " + short_number(threshold_));
  if (!(settings_.confidence_level > 0 && settings_.confidence_level < 1))
    throw std::invalid_argument("convergence: confidence level must lie in (0, 1)");
}

std::string ConvergenceCheck::subject() const {
  return settings_.metric + " " + std::string(convergence_stat_name(settings_.stat));
}

ConvergenceVerdict ConvergenceCheck::converged(const std::vector<std::optional<double>>& per_trial_values,
                                               const std::vector<std::vector<double>>* per_trial_samples) const {
  if (settings_.mode == ConvergenceMode::distribution) return distribution_verdict(per_trial_samples);
  return spread_verdict(per_trial_values);
}

ConvergenceVerdict ConvergenceCheck::spread_verdict(const std::vector<std::optional<double>>& per_trial) const {
  const size_t need = size_t(min_runs_);
  if (per_trial.size() < need)
    return {false, "not converged: " + trials(per_trial.size()) + " of at least " + std::to_string(need)};
  std::vector<double> values;
  for (const auto& v : per_trial)
    if (v && std::isfinite(*v)) values.push_back(*v);
  if (values.empty())
    return {false, "never converges: " + subject() + " is in no trial's summary (unknown metric or statistic?)"};
  if (values.size() < need)
    return {false, "not converged: " + subject() + " found in only " + std::to_string(values.size()) + " of " +
                       trials(per_trial.size()) + ", needs " + std::to_string(need)};

  const ConfidenceInterval ci = confidence_interval(values, settings_.confidence_level);
  const std::string mode(convergence_mode_name(settings_.mode));
  // Relative to |mean|, so the metrics that may be negative (none today) do not converge by sign;
  // for the non-negative metrics this is the upstream formula. A zero mean never converges.
  if (ci.mean == 0)
    return {false, "not converged: " + subject() + " mean is 0 after " + trials(values.size()) + ", " + mode +
                       " is undefined"};
  const double ratio = settings_.mode == ConvergenceMode::ci_width
                           ? 2 * ci.t_critical * ci.se / std::fabs(ci.mean)
                           : ci.std / std::fabs(ci.mean);
  const std::string what = settings_.mode == ConvergenceMode::ci_width ? "CI width " : "cv ";
  const bool done = ratio < threshold_;
  return {done, std::string(done ? "converged: " : "not converged: ") + subject() + " " + what +
                    percent(ratio) + " of mean " + (done ? "< " : ">= ") + percent(threshold_) + " after " +
                    trials(values.size())};
}

ConvergenceVerdict ConvergenceCheck::distribution_verdict(const std::vector<std::vector<double>>* samples) const {
  if (!samples)
    return {false, "not converged: distribution mode needs per-request values (export level records or raw)"};
  const size_t need = size_t(min_runs_);
  if (samples->size() < need)
    return {false, "not converged: " + trials(samples->size()) + " of at least " + std::to_string(need)};
  std::vector<double> earlier;
  for (size_t t = 0; t + 1 < samples->size(); ++t) earlier.insert(earlier.end(), (*samples)[t].begin(), (*samples)[t].end());
  const std::vector<double>& latest = samples->back();
  auto counted = [](const std::vector<double>& v) {
    return size_t(std::count_if(v.begin(), v.end(), [](double x) { return !std::isnan(x); }));
  };
  if (counted(earlier) < 2 || counted(latest) < 2)
    return {false, "not converged: " + settings_.metric + " has " + std::to_string(counted(latest)) +
                       " per-request values in the latest trial and " + std::to_string(counted(earlier)) +
                       " in the earlier ones (needs 2 each)"};
  const KsResult ks = ks_2samp(latest, earlier);
  const bool done = ks.p_value > threshold_;
  return {done, std::string(done ? "converged: " : "not converged: ") + settings_.metric +
                    " KS p-value " + short_number(ks.p_value) + (done ? " > " : " <= ") + short_number(threshold_) +
                    " (D " + short_number(ks.statistic) + ", latest trial vs " + trials(samples->size() - 1) + " pooled)"};
}

}  // namespace aiperf
