#pragma once
// --steady-state exports (metrics-and-outputs.md §7.10, §6.3; docs/steady_state.md):
// profile_export_aiperf_steady_state.json and .csv, and the console's steady-state section.
#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "metrics/metric_result.h"

namespace aiperf {

// The window's metadata, keys in a fixed order; absent values are null.
nlohmann::ordered_json steady_state_metadata_json(const SteadyStateWindow& window);

// {"window_metadata": {...}, "metrics": {<tag>: <the main export's metric object>, ...}}
nlohmann::ordered_json steady_state_json(const SteadyStateSummary& steady);

// `# Steady-State Window Metadata`, one `key,value` row per metadata key (values as in the
// JSON; null is an empty cell), a blank row, then the main CSV's metric sections.
std::string steady_state_csv(const SteadyStateSummary& steady);

// The console section: the window grid, then "NVIDIA AIPerf | Steady-State Metrics".
std::string steady_state_console(const ProfileConfig& config, const SteadyStateSummary& steady, int width,
                                 bool color);

}  // namespace aiperf
