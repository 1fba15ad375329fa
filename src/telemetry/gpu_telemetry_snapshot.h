#pragma once
// What GPU telemetry has gathered by some moment: the sources tried, and per GPU the time series
// of every field. The collector fills it; the summary, console and dashboard read a copy.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/clock.h"
#include "telemetry/gpu_fields.h"
#include "telemetry/gpu_metric_stats.h"
#include "telemetry/gpu_reading.h"

namespace aiperf {

struct GpuSourceStatus {
  std::string url;  // DCGM URL (display form, user-info redacted) or "pynvml://localhost"
  bool reachable = false;
};

// One GPU of one source.
struct GpuTrack {
  std::string source;  // as GpuSourceStatus::url
  GpuIdentity gpu;
  std::vector<std::vector<GpuPoint>> series;   // [field], time order; only reported values
  std::vector<std::optional<double>> latest;   // [field], the last reading
};

struct GpuTelemetrySnapshot {
  std::string platform = "nvidia";
  std::vector<GpuField> fields;
  std::vector<GpuSourceStatus> sources;  // configured order
  std::vector<GpuTrack> gpus;            // first-seen order
  // The profiling window (monotonic ns); everything when it was never set.
  int64_t window_start_ns = std::numeric_limits<int64_t>::min();
  int64_t window_end_ns = std::numeric_limits<int64_t>::max();
  ClockAnchor anchor;
};

}  // namespace aiperf
