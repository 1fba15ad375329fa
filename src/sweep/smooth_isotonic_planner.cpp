#include "sweep/smooth_isotonic_planner.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "sweep/isotonic_regression.h"
#include "sweep/pchip.h"
#include "sweep/sla_filter.h"

namespace aiperf {
namespace {}  // namespace

SmoothIsotonicPlanner::SmoothIsotonicPlanner(const PlannerSettings& s)
    : filters_(s.filters),
      integer_(s.dims.at(0).kind == SearchKind::integer),
      precision_(s.precision),
      max_iterations_(s.max_iterations) {
  lo_ = integer_ ? std::ceil(s.dims[0].lo) : s.dims[0].lo;
  hi_ = integer_ ? std::floor(s.dims[0].hi) : s.dims[0].hi;
  value_ = lo_;
}

std::optional<std::vector<double>> SmoothIsotonicPlanner::next() {
  if (!reason_.empty()) return std::nullopt;
  if (iterations_ >= max_iterations_) {
    finish("max_iterations");
    return std::nullopt;
  }
  return std::vector<double>{value_};
}

void SmoothIsotonicPlanner::observe(const ProbeResult& r) {
  if (!reason_.empty()) throw std::logic_error("SmoothIsotonicPlanner::observe after the search finished");
  ++iterations_;
  Probe probe{value_, r.feasible, double(std::max(r.successful_trials, 1)), r.margins, r.observed};
  probe.margins.resize(filters_.size());
  probe.observed.resize(filters_.size());
  probes_.push_back(std::move(probe));
  // Probes after the first failure lie strictly inside the bracket, so these only narrow it.
  if (r.feasible) {
    if (!infeasible_min_ || value_ < *infeasible_min_) feasible_max_ = std::max(feasible_max_.value_or(value_), value_);
  } else {
    if (!feasible_max_ || value_ > *feasible_max_) infeasible_min_ = std::min(infeasible_min_.value_or(value_), value_);
  }
  choose_next_value();
  if (reason_.empty() && iterations_ >= max_iterations_) finish("max_iterations");
}

SmoothIsotonicPlanner::MarginFit SmoothIsotonicPlanner::fit_filter(size_t filter) const {
  std::vector<std::pair<double, std::pair<double, double>>> samples;  // x, (margin, weight)
  for (const Probe& p : probes_) {
    const auto& m = p.margins[filter];
    if (m && std::isfinite(*m)) samples.push_back({p.x, {*m, p.weight}});
  }
  std::sort(samples.begin(), samples.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  MarginFit fit;
  std::vector<double> weights;
  for (size_t i = 0; i < samples.size();) {  // replicates at one x: their weighted mean
    double x = samples[i].first, sum = 0, weight = 0;
    for (; i < samples.size() && samples[i].first == x; ++i) {
      sum += samples[i].second.first * samples[i].second.second;
      weight += samples[i].second.second;
    }
    fit.x.push_back(x);
    fit.margin.push_back(sum / weight);
    weights.push_back(weight);
  }
  if (fit.x.empty()) return fit;
  auto [lo, hi] = std::minmax_element(fit.margin.begin(), fit.margin.end());
  double spread = *hi - *lo;
  fit.spread = spread > 0 ? spread : std::max(std::abs(*lo), 1e-300);
  std::vector<double> normalised = fit.margin;
  for (double& m : normalised) m /= fit.spread;
  fit.fitted = isotonic_decreasing(normalised, weights);
  fit.root = first_crossing_below(Pchip(fit.x, fit.fitted), 0.0);
  return fit;
}

std::optional<size_t> SmoothIsotonicPlanner::binding_filter() const {
  std::optional<size_t> binding;
  std::optional<double> smallest;
  for (size_t j = 0; j < filters_.size(); ++j) {
    auto root = fit_filter(j).root;
    if (root && (!smallest || *root < *smallest)) {
      smallest = root;
      binding = j;
    }
  }
  if (binding || !infeasible_min_) return binding;
  for (const Probe& p : probes_) {  // no root: the first filter breached at infeasible_min
    if (p.x != *infeasible_min_) continue;
    for (size_t j = 0; j < filters_.size(); ++j) {
      if (!p.observed[j] || !sla_compare(*p.observed[j], filters_[j].op, filters_[j].threshold)) return j;
    }
  }
  return std::nullopt;
}

double SmoothIsotonicPlanner::round_if_integer(double v) const { return integer_ ? std::nearbyint(v) : v; }

void SmoothIsotonicPlanner::choose_next_value() {
  if (!feasible_max_) {  // lo failed
    finish("no_pass_in_range");
    return;
  }
  const double fmax = *feasible_max_;
  if (!infeasible_min_) {  // still probing upwards
    if (fmax >= hi_) {
      finish("no_failure_in_range");
      return;
    }
    value_ = round_if_integer(exponential_next(fmax, hi_));
    return;
  }
  const double imin = *infeasible_min_;
  const std::optional<double> previous = estimate_;
  estimate_.reset();
  for (size_t j = 0; j < filters_.size(); ++j) {
    auto root = fit_filter(j).root;
    if (root && (!estimate_ || *root < *estimate_)) estimate_ = root;
  }
  const double gap = imin - fmax;
  if ((integer_ && gap <= 1) || gap / imin < precision_) {
    finish("precision_reached");
    return;
  }
  const bool in_bracket = estimate_ && *estimate_ >= fmax && *estimate_ <= imin;
  if (in_bracket && previous) {
    const double e = *estimate_;
    if (std::abs(e - *previous) < precision_ * e && e - fmax < precision_ * e) {
      finish("estimate_converged");
      return;
    }
  }
  const double inset = std::min(gap / 2, precision_ * imin / 2);
  double target = std::clamp(in_bracket ? *estimate_ : fmax + gap / 2, fmax + inset, imin - inset);
  if (integer_) target = std::clamp(std::nearbyint(target), fmax + 1, imin - 1);
  value_ = target;
}

nlohmann::ordered_json SmoothIsotonicPlanner::boundary_extras() const {
  nlohmann::ordered_json extras = nlohmann::ordered_json::object();
  const std::optional<size_t> binding = binding_filter();
  if (binding) extras["binding_constraint"] = sla_filter_text(filters_[*binding]);
  if (estimate_)
    extras["boundary_estimate"] = dimension_value_json(integer_ ? std::floor(*estimate_) : *estimate_,
                                                       integer_ ? SearchKind::integer : SearchKind::real);
  if (!feasible_max_ || !infeasible_min_) return extras;
  const double fmax = *feasible_max_, imin = *infeasible_min_;
  extras["boundary_ci"] = {{"low", dimension_value_json(fmax, integer_ ? SearchKind::integer : SearchKind::real)},
                           {"high", dimension_value_json(imin, integer_ ? SearchKind::integer : SearchKind::real)},
                           {"method", "bracket"}};

  bool cliff = false;
  if (binding) {
    const MarginFit fit = fit_filter(*binding);
    auto at = [&](double x) -> std::optional<double> {
      for (size_t i = 0; i < fit.x.size(); ++i) {
        if (fit.x[i] == x) return fit.margin[i] / fit.spread;
      }
      return std::nullopt;
    };
    std::vector<size_t> feasible_side;  // grouped points at or below feasible_max, highest first
    for (size_t i = fit.x.size(); i-- > 0 && feasible_side.size() < 2;) {
      if (fit.x[i] <= fmax) feasible_side.push_back(i);
    }
    const std::optional<double> at_fmax = at(fmax), at_imin = at(imin);
    const bool localised = imin - fmax <= 2 * precision_ * imin;
    if (localised && at_fmax && at_imin && !feasible_side.empty() && fit.x[feasible_side[0]] == fmax) {
      double expected = 0;
      if (feasible_side.size() == 2) {
        size_t a = feasible_side[1], b = feasible_side[0];
        double slope = (fit.margin[b] - fit.margin[a]) / fit.spread / (fit.x[b] - fit.x[a]);
        expected = std::max(0.0, -slope * (imin - fmax));
      }
      double sum_sq = 0;
      for (size_t i = 0; i < fit.x.size(); ++i) {
        double residual = fit.margin[i] / fit.spread - fit.fitted[i];
        sum_sq += residual * residual;
      }
      auto [lo, hi] = std::minmax_element(fit.margin.begin(), fit.margin.end());
      double spread = (*hi - *lo) / fit.spread;  // 1 unless every margin is equal
      double sigma = std::max(std::sqrt(sum_sq / double(fit.x.size())), precision_ * spread);
      double drop = *at_fmax - *at_imin;
      cliff = drop - expected > 3 * sigma && drop > 3 * expected;
    }
  }
  extras["boundary_type"] = cliff ? "cliff" : "smooth";
  return extras;
}

void SmoothIsotonicPlanner::finish(const char* reason) {
  if (reason_.empty()) reason_ = reason;
}

}  // namespace aiperf
