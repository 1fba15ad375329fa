// The charts that compare runs (metrics-and-outputs.md §11, multi-run table): one point per run
// (or per sweep cell, its trials averaged), x and y from each run's profile_export_aiperf.json,
// labelled by concurrency, grouped into series, with the Pareto frontier drawn over them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plot/chart.h"

namespace aiperf::plot {

struct RunPoint {
  std::string name{};       // the run or sweep cell
  std::string series{};     // the group it is drawn in
  std::string label{};      // beside its marker: "c=16"
  nlohmann::json summary{}; // profile_export_aiperf.json (the trials' mean for a cell with several)
  std::size_t trials = 1;
  std::optional<double> gpus{};  // GPUs its telemetry saw (telemetry_data), when it had any
  bool grey = false;      // a baseline of the experiment classification
};

// `gpu_count`: unset when no run says how many GPUs served it; the "per GPU" charts then plot
// the deployment's throughput and say so on the chart instead of dividing by a guess.
// Each chart's Series::run holds indexes into `points`.
std::vector<Chart> multi_run_charts(const std::vector<RunPoint>& points, std::optional<double> gpu_count);

// The mean of every numeric statistic the summaries share (the trials of one sweep cell);
// non-statistic keys are taken from the first.
nlohmann::json mean_summary(const std::vector<nlohmann::json>& summaries);

// "c=16" from input_config.loadgen.concurrency, "r=10" from its request_rate, else "".
std::string load_label(const nlohmann::json& summary);

}  // namespace aiperf::plot
