#pragma once
// The sweep-level comparison, profile_export_aiperf_sweep.{json,csv} (cli-and-load.md §5.3):
// every variation's metrics side by side, the best configurations, and the Pareto-optimal set
// (request throughput up, p99 time to first token down), chosen among the cells that meet the
// SLA filters when there are any.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/search_types.h"

namespace aiperf {

struct SweepCell {
  std::string name;                                             // the variation's directory name
  std::vector<std::pair<std::string, std::string>> parameters;  // swept name -> value as written
  // "<tag>_<stat>" -> {"mean", "unit", and with several trials "std", "ci_low", "ci_high", ...}
  nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
  int successful_trials = 0;
  int failed_trials = 0;
  std::optional<bool> feasible;  // set when the study has SLA filters
};

// The "mean" of a cell's metric statistic `key` ("<tag>_<stat>"), or nothing when the cell lacks it
// or it is not a number.
std::optional<double> cell_mean(const SweepCell& cell, const std::string& key);

struct SweepAggregateInput {
  std::string sweep_type;               // grid, zip, scenarios, ...
  std::vector<std::string> dimensions;  // swept parameter names
  std::vector<SweepCell> cells;         // in run order
  int num_trials_per_value = 1;
  std::string sweep_mode = "repeated";
  double confidence_level = 0.95;
  std::vector<SlaFilter> sla_filters;
  std::string incomplete_reason;        // "" = every planned benchmark ran
};

nlohmann::ordered_json sweep_aggregate_json(const SweepAggregateInput& in);

// One row per variation: its parameters, then every metric statistic's mean (columns named
// `<tag>_<stat>`, in first-seen order), then `feasible` when there are SLA filters.
std::string sweep_aggregate_csv(const SweepAggregateInput& in);

// Indexes of the Pareto-optimal cells: no other cell has at least the throughput and at most the
// latency, one of them strictly. Cells without both values take no part.
std::vector<size_t> pareto_optimal(const std::vector<std::pair<std::optional<double>, std::optional<double>>>& points);

}  // namespace aiperf
