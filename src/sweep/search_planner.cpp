#include "sweep/search_planner.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "config/profile_config.h"
#include "sweep/bayesian_planner.h"
#include "sweep/grid_planner.h"
#include "sweep/monotonic_sla_planner.h"
#include "sweep/sla_filter.h"
#include "sweep/smooth_isotonic_planner.h"
#include "sweep/sobol_sequence.h"

namespace aiperf {
namespace {

std::string number_text(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

[[noreturn]] void fail(const std::string& message) { throw ConfigError(message); }

enum class PlannerKind { bayesian, monotonic_sla, smooth_isotonic, grid };

// The spellings of --search-planner and --search-style.
std::optional<PlannerKind> planner_kind(const std::string& name) {
  if (name == "bayesian" || name == "bo" || name == "optuna") return PlannerKind::bayesian;
  if (name == "monotonic_sla" || name == "monotonic") return PlannerKind::monotonic_sla;
  if (name == "smooth_isotonic") return PlannerKind::smooth_isotonic;
  if (name == "grid") return PlannerKind::grid;
  return std::nullopt;
}

void check_dimensions(const PlannerSettings& s) {
  if (s.dims.empty()) fail("--search-space: the search needs at least one dimension (path:lo,hi[:int|real])");
  for (const SearchDimension& d : s.dims) {
    if (!std::isfinite(d.lo) || !std::isfinite(d.hi) || d.lo > d.hi) {
      fail("--search-space " + d.path + ": lo (" + number_text(d.lo) + ") must be finite and not above hi (" +
           number_text(d.hi) + ")");
    }
    if (d.kind == SearchKind::integer && std::ceil(d.lo) > std::floor(d.hi)) {
      fail("--search-space " + d.path + ": the integer range " + number_text(d.lo) + ".." + number_text(d.hi) +
           " holds no whole number");
    }
  }
}

void check_one_dimension(const PlannerSettings& s, const std::string& planner) {
  if (s.dims.size() != 1) {
    fail("--search-space: the " + planner + " planner searches exactly one dimension (got " +
         std::to_string(s.dims.size()) + ")");
  }
}

void check_filters(const PlannerSettings& s, const std::string& planner) {
  if (s.filters.empty()) {
    fail("--search-sla: the " + planner + " planner needs at least one SLA filter (metric_tag:stat:op:threshold)");
  }
}

void check_precision(const PlannerSettings& s) {
  if (!(s.precision > 0 && s.precision < 1)) {
    fail("search precision (AIPERF_SEARCH_PLANNER_SLA_PRECISION_DEFAULT) must be in (0, 1), not " +
         number_text(s.precision));
  }
}

}  // namespace

std::unique_ptr<SearchPlanner> make_search_planner(const PlannerSettings& s) {
  const std::optional<PlannerKind> kind = planner_kind(s.name);
  if (!kind) {
    fail("--search-planner: unknown planner '" + s.name +
         "' (expected bayesian, optuna, monotonic_sla or smooth_isotonic; --search-style also takes bo, "
         "monotonic and grid)");
  }
  if (s.max_iterations < 1) {
    fail("--search-max-iterations must be at least 1, not " + std::to_string(s.max_iterations));
  }
  check_dimensions(s);
  const SearchDimension& first = s.dims.front();
  switch (*kind) {
    case PlannerKind::monotonic_sla:
      check_one_dimension(s, "monotonic_sla");
      check_filters(s, "monotonic_sla");
      check_precision(s);
      if (first.kind != SearchKind::integer) {
        fail("--search-space " + first.path +
             ": the monotonic_sla planner needs an integer dimension (path:lo,hi:int)");
      }
      if (first.lo < 0)
        fail("--search-space " + first.path + ": the monotonic_sla planner doubles from lo, which must be >= 0");
      if (s.stability_trials < 1) {
        fail("monotonic stability trials must be at least 1, not " + std::to_string(s.stability_trials));
      }
      return std::make_unique<MonotonicSlaPlanner>(s);
    case PlannerKind::smooth_isotonic:
      check_one_dimension(s, "smooth_isotonic");
      check_filters(s, "smooth_isotonic");
      check_precision(s);
      if (first.kind == SearchKind::integer ? first.lo < 0 : !(first.lo > 0)) {
        fail("--search-space " + first.path +
             ": the smooth_isotonic planner doubles from lo, which must be > 0 (>= 0 for int)");
      }
      return std::make_unique<SmoothIsotonicPlanner>(s);
    case PlannerKind::grid:
      check_one_dimension(s, "grid");
      if (!(first.lo > 0)) fail("--search-space " + first.path + ": the grid is log-spaced, so lo must be > 0");
      if (s.grid_steps < 1) fail("--concurrency-steps must be at least 1, not " + std::to_string(s.grid_steps));
      return std::make_unique<GridPlanner>(s);
    case PlannerKind::bayesian:
      if (int(s.dims.size()) > SobolSequence::kMaxDimensions) {
        fail("--search-space: the bayesian planner searches at most " + std::to_string(SobolSequence::kMaxDimensions) +
             " dimensions (got " + std::to_string(s.dims.size()) + ")");
      }
      if (!s.direction) fail("--search-direction (maximize or minimize) is required by the " + s.name + " planner");
      if (s.initial_points < 1) {
        fail("--search-initial-points must be at least 1, not " + std::to_string(s.initial_points));
      }
      if (s.initial_points >= s.max_iterations) {
        fail("--search-initial-points (" + std::to_string(s.initial_points) +
             ") must be less than --search-max-iterations (" + std::to_string(s.max_iterations) + ")");
      }
      if (s.improvement_patience < 1) fail("search improvement patience must be at least 1");
      return std::make_unique<BayesianPlanner>(s);
  }
  fail("--search-planner: unknown planner '" + s.name + "'");
}

std::vector<double> from_unit_cube(std::span<const double> u, const std::vector<SearchDimension>& dims) {
  std::vector<double> point(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    const SearchDimension& d = dims[i];
    const double t = std::clamp(i < u.size() ? u[i] : 0.0, 0.0, 1.0);
    if (d.kind == SearchKind::integer) {
      const double lo = std::ceil(d.lo), hi = std::floor(d.hi);
      point[i] = std::min(hi, lo + std::floor(t * (hi - lo + 1)));
    } else {
      point[i] = d.lo + t * (d.hi - d.lo);
    }
  }
  return point;
}

std::vector<double> to_unit_cube(std::span<const double> point, const std::vector<SearchDimension>& dims) {
  std::vector<double> u(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    const SearchDimension& d = dims[i];
    const double v = i < point.size() ? point[i] : d.lo;
    if (d.kind == SearchKind::integer) {
      const double lo = std::ceil(d.lo), hi = std::floor(d.hi);
      u[i] = std::clamp((std::nearbyint(v) - lo + 0.5) / (hi - lo + 1), 0.0, 1.0);
    } else {
      u[i] = d.hi > d.lo ? std::clamp((v - d.lo) / (d.hi - d.lo), 0.0, 1.0) : 0.5;
    }
  }
  return u;
}

nlohmann::ordered_json dimension_value_json(double value, SearchKind kind) {
  if (kind == SearchKind::integer) return int64_t(std::llround(value));
  return value;
}

nlohmann::ordered_json first_breach(const std::vector<SlaFilter>& filters, const ProbeResult& probe) {
  if (filters.empty()) return nullptr;
  auto detail = [&](size_t j) {
    const auto& o = j < probe.observed.size() ? probe.observed[j] : std::nullopt;
    const SlaFilter& f = filters[j];
    return nlohmann::ordered_json{{"metric_tag", f.metric_tag},
                                  {"stat", f.stat},
                                  {"op", sla_op_name(f.op)},
                                  {"threshold", f.threshold},
                                  {"observed", o ? nlohmann::ordered_json(*o) : nlohmann::ordered_json(nullptr)}};
  };
  for (size_t j = 0; j < filters.size(); ++j) {
    const auto& o = j < probe.observed.size() ? probe.observed[j] : std::nullopt;
    if (!o || !sla_compare(*o, filters[j].op, filters[j].threshold)) return detail(j);
  }
  size_t tightest = 0;
  double smallest = std::numeric_limits<double>::infinity();
  for (size_t j = 0; j < filters.size() && j < probe.margins.size(); ++j) {
    if (probe.margins[j] && *probe.margins[j] < smallest) {
      smallest = *probe.margins[j];
      tightest = j;
    }
  }
  return detail(tightest);
}

nlohmann::ordered_json boundary_summary(const SearchDimension& dim, const std::vector<SlaFilter>& filters,
                                        const std::vector<ProbeResult>& iterations) {
  auto value = [](const ProbeResult& p) { return p.point.empty() ? 0.0 : p.point[0]; };
  std::optional<size_t> fmax, imin;
  for (size_t i = 0; i < iterations.size(); ++i) {
    if (iterations[i].feasible && (!fmax || value(iterations[i]) > value(iterations[*fmax]))) fmax = i;
  }
  for (size_t i = 0; i < iterations.size(); ++i) {
    const double v = value(iterations[i]);
    if (iterations[i].feasible || (fmax && v <= value(iterations[*fmax]))) continue;
    if (!imin || v < value(iterations[*imin])) imin = i;
  }
  nlohmann::ordered_json summary = {
      {"swept_dim_path", dim.path}, {"feasible_max", nullptr}, {"infeasible_min", nullptr}};
  if (fmax) {
    const ProbeResult& p = iterations[*fmax];
    summary["feasible_max"] = {
        {"value", dimension_value_json(value(p), dim.kind)},
        {"iteration_idx", *fmax + 1},
        {"objective_value", p.objective ? nlohmann::ordered_json(*p.objective) : nlohmann::ordered_json(nullptr)}};
  }
  if (imin) {
    const ProbeResult& p = iterations[*imin];
    summary["infeasible_min"] = {{"value", dimension_value_json(value(p), dim.kind)},
                                 {"iteration_idx", *imin + 1},
                                 {"first_breach", first_breach(filters, p)}};
  }
  return summary;
}

}  // namespace aiperf
