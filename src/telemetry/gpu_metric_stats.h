#pragma once
// One GPU metric summarised over the profiling window (metrics-and-outputs.md §8.3): a gauge
// gets avg, min, max, p1…p99 (NumPy linear) and the sample std (ddof = 1); a counter gets one
// value, its growth over the window, reported as avg.
#include <cstdint>
#include <optional>
#include <span>

#include <nlohmann/json.hpp>

#include "metrics/statistics.h"

namespace aiperf {

struct GpuPoint {
  int64_t mono_ns = 0;
  double value = 0;
};

struct GpuMetricStats {
  bool counter = false;
  double avg = 0;            // the counter's growth, for counters
  DistributionStats gauge;   // gauges only; gauge.std is the sample std (ddof = 1; 0 for one sample)
};

// `points` in time order. Only points with start_ns <= mono_ns <= end_ns count. A counter's
// growth is its last value in the window minus the reference (the last value before the window,
// else the first inside it), never below 0 (a reset). nullopt: no point in the window.
std::optional<GpuMetricStats> summarise_gpu_metric(std::span<const GpuPoint> points, bool counter, int64_t start_ns,
                                                   int64_t end_ns);

// {"avg", "min", "max", "p1" … "p99", "std", "count", "unit"} for a gauge, {"avg", "unit"} for a
// counter: §8.6's key order, unit last.
nlohmann::ordered_json gpu_metric_stats_json(const GpuMetricStats& stats, const std::string& unit);

}  // namespace aiperf
