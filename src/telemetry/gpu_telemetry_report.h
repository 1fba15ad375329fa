#pragma once
// GPU telemetry as the run reports it: the `telemetry_data` block of profile_export_aiperf.json
// (metrics-and-outputs.md §8.6), the per-GPU console tables (§6.3) and the live dashboard's
// GPU panel lines.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "telemetry/gpu_telemetry_snapshot.h"

namespace aiperf {

// "http://localhost:9401/metrics" → "localhost:9401": the endpoint key and console name.
std::string gpu_endpoint_key(const std::string& url);

// {"summary": {...}, "endpoints": {...}}; null when no GPU was ever seen.
nlohmann::ordered_json gpu_telemetry_json(const GpuTelemetrySnapshot& snapshot);

// The platform line, then one table per GPU, the first titled with the sources' reachability;
// without data a dim notice naming the unreachable sources. Tables at most `width` columns.
std::string gpu_telemetry_console(const GpuTelemetrySnapshot& snapshot, int width, bool color);

// The GPU table appended to profile_export_aiperf.csv (metrics-and-outputs.md §7.4): two empty
// rows, then one row per GPU × metric in console order; "" without GPU data.
std::string gpu_telemetry_csv(const GpuTelemetrySnapshot& snapshot);

// One line per GPU from its latest reading: "GPU 0  64.0%  92.7 GB  351 W  40°C" (prefixed with
// the endpoint when GPUs come from more than one source).
std::vector<std::string> gpu_dashboard_lines(const GpuTelemetrySnapshot& snapshot);

}  // namespace aiperf
