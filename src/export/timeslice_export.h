#pragma once
// --slice-duration exports (metrics-and-outputs.md §7.7): profile_export_aiperf_timeslices.json
// (one metric object per tag per slice, §7.3 shape) and .csv (tidy: one row per statistic).
#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "metrics/metric_result.h"

namespace aiperf {

// {"timeslices": [{"start_ns", "end_ns", "is_complete", <tag>: {...}, ...}, ...], "input_config": {...}}
nlohmann::ordered_json timeslices_json(const ProfileConfig& config, const std::vector<Timeslice>& slices);

// `Timeslice,Metric,Unit,Stat,Value`; metrics by tag within a slice, stats in STAT_KEYS order,
// values formatted as in the summary CSV.
std::string timeslices_csv(const std::vector<Timeslice>& slices);

}  // namespace aiperf
