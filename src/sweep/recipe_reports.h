#pragma once
// What the grid recipes add to a sweep's comparison (cli-and-load.md §5.3, §5.6), written next to
// profile_export_aiperf_sweep.json:
//   concurrency-ramp    degradation_knee.json   the first concurrency whose stat exceeds the
//                                               baseline (lowest concurrency) by the threshold
//   prefill-ttft-curve  prefill_curve.json      TTFT against ISL: least-squares line, or a
//                                               quadratic when the line's r² is below 0.85
//   decode-itl-curve    decode_itl_surface.json ITL (avg, p99) over concurrency x OSL
//   pareto-sweep        pareto_sweep.json       per prompt shape, the cells no other beats on
//                                               both total and per-user output throughput
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/sweep_aggregate.h"

namespace aiperf {

struct RecipeOptions {
  double degradation_threshold = 0.20;             // --degradation-threshold
  std::string degradation_metric = "request_latency";  // --degradation-metric-tag
  std::string degradation_stat = "p99";             // --degradation-stat
};

nlohmann::ordered_json degradation_knee(const SweepAggregateInput& sweep, const RecipeOptions& options);
nlohmann::ordered_json prefill_curve(const SweepAggregateInput& sweep);
nlohmann::ordered_json decode_itl_surface(const SweepAggregateInput& sweep);
nlohmann::ordered_json pareto_sweep(const SweepAggregateInput& sweep);

// Least squares of y on [1, x] (degree 1) or [1, x, x²] (degree 2): coefficients from the
// constant up, and r². Fewer points than coefficients: nullopt.
struct PolynomialFit {
  std::vector<double> coefficients;
  double r_squared = 0;
};
std::optional<PolynomialFit> fit_polynomial(const std::vector<double>& x, const std::vector<double>& y, int degree);

struct RecipeReport {
  std::string file_name;  // "degradation_knee.json", ...
  nlohmann::ordered_json document;
};
// The recipe's report; nullopt for recipes without one.
std::optional<RecipeReport> recipe_report(const std::string& recipe, const SweepAggregateInput& sweep,
                                          const RecipeOptions& options);

}  // namespace aiperf
