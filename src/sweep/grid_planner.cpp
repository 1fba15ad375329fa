#include "sweep/grid_planner.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sweep/sla_filter.h"

namespace aiperf {
namespace {

double value_of(const ProbeResult& p) { return p.point.empty() ? 0.0 : p.point[0]; }

}  // namespace

std::vector<double> log_grid(const SearchDimension& dim, int steps) {
  const bool integer = dim.kind == SearchKind::integer;
  const double lo = integer ? std::ceil(dim.lo) : dim.lo;
  const double hi = integer ? std::floor(dim.hi) : dim.hi;
  if (!(lo > 0) || !(hi >= lo) || steps < 1) throw std::invalid_argument("log grid: needs 0 < lo <= hi and steps >= 1");
  std::vector<double> values;
  const double log_lo = std::log(lo), log_hi = std::log(hi);
  for (int i = 0; i < steps; ++i) {
    double v = i == 0 ? lo : i == steps - 1 ? hi : std::exp(log_lo + (log_hi - log_lo) * i / (steps - 1));
    if (integer) v = std::clamp(std::nearbyint(v), lo, hi);  // the default rounding mode: half to even
    if (values.empty() || v != values.back()) values.push_back(v);
  }
  return values;
}

nlohmann::ordered_json sla_breach_report(const SearchDimension& dim, const std::vector<SlaFilter>& filters,
                                         const std::vector<ProbeResult>& probes) {
  std::vector<const ProbeResult*> sorted;
  for (const ProbeResult& p : probes) sorted.push_back(&p);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ProbeResult* a, const ProbeResult* b) { return value_of(*a) < value_of(*b); });

  nlohmann::ordered_json labels = nlohmann::ordered_json::array();
  for (const SlaFilter& f : filters) labels.push_back(sla_filter_text(f));
  const ProbeResult* first_failing = nullptr;
  const ProbeResult* max_passing = nullptr;
  nlohmann::ordered_json above = nlohmann::ordered_json::array();
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (const ProbeResult* p : sorted) {
    if (!p->feasible && !first_failing) first_failing = p;
    if (p->feasible && !first_failing) max_passing = p;
    if (p->feasible && first_failing) above.push_back(dimension_value_json(value_of(*p), dim.kind));
    nlohmann::ordered_json observed = nlohmann::ordered_json::object();
    for (size_t j = 0; j < filters.size(); ++j) {
      const auto& o = j < p->observed.size() ? p->observed[j] : std::nullopt;
      observed[labels[j].get<std::string>()] = o ? nlohmann::ordered_json(*o) : nlohmann::ordered_json(nullptr);
    }
    points.push_back(
        {{"concurrency", dimension_value_json(value_of(*p), dim.kind)},
         {"feasible", p->feasible},
         {"objective_value", p->objective ? nlohmann::ordered_json(*p->objective) : nlohmann::ordered_json(nullptr)},
         {"observed", std::move(observed)}});
  }
  auto value_or_null = [&](const ProbeResult* p) {
    return p ? dimension_value_json(value_of(*p), dim.kind) : nlohmann::ordered_json(nullptr);
  };
  return {{"swept_dim_path", dim.path},
          {"filters", labels},
          {"max_passing_concurrency", value_or_null(max_passing)},
          {"first_failing_concurrency", value_or_null(first_failing)},
          {"breach", first_failing ? first_breach(filters, *first_failing) : nlohmann::ordered_json(nullptr)},
          {"all_points", std::move(points)},
          {"monotonicity_check", {{"monotonic", above.empty()}, {"passing_above_first_failure", above}}}};
}

GridPlanner::GridPlanner(const PlannerSettings& s)
    : dim_(s.dims.at(0)),
      filters_(s.filters),
      values_(log_grid(dim_, s.grid_steps)),
      max_iterations_(s.max_iterations) {}

std::optional<std::vector<double>> GridPlanner::next() {
  if (!reason_.empty()) return std::nullopt;
  if (probes_.size() >= values_.size()) {
    reason_ = "grid_complete";
    return std::nullopt;
  }
  if (int(probes_.size()) >= max_iterations_) {
    reason_ = "max_iterations";
    return std::nullopt;
  }
  return std::vector<double>{values_[probes_.size()]};
}

void GridPlanner::observe(const ProbeResult& result) {
  if (!reason_.empty() || probes_.size() >= values_.size()) {
    throw std::logic_error("GridPlanner::observe after the search finished");
  }
  ProbeResult probe = result;
  probe.point = {values_[probes_.size()]};
  probes_.push_back(std::move(probe));
  if (probes_.size() >= values_.size()) {
    reason_ = "grid_complete";
  } else if (int(probes_.size()) >= max_iterations_) {
    reason_ = "max_iterations";
  }
}

}  // namespace aiperf
