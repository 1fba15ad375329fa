#include "telemetry/gpu_metric_stats.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "telemetry/sample_distribution.h"

namespace aiperf {

std::optional<GpuMetricStats> summarise_gpu_metric(std::span<const GpuPoint> points, bool counter, int64_t start_ns,
                                                   int64_t end_ns) {
  GpuMetricStats out;
  out.counter = counter;
  if (counter) {
    std::optional<double> before, first, last;
    for (const GpuPoint& p : points) {
      if (p.mono_ns < start_ns) {
        before = p.value;
      } else if (p.mono_ns <= end_ns) {
        if (!first) first = p.value;
        last = p.value;
      }
    }
    if (!last) return std::nullopt;
    out.avg = std::max(0.0, *last - before.value_or(*first));
    return out;
  }
  std::vector<double> inside;
  for (const GpuPoint& p : points)
    if (p.mono_ns >= start_ns && p.mono_ns <= end_ns) inside.push_back(p.value);
  const std::optional<DistributionStats> d = describe_samples(inside);
  if (!d) return std::nullopt;
  out.avg = d->avg;
  out.gauge = *d;
  return out;
}

nlohmann::ordered_json gpu_metric_stats_json(const GpuMetricStats& stats, const std::string& unit) {
  nlohmann::ordered_json j;
  j["avg"] = stats.avg;
  if (!stats.counter) {
    j["min"] = stats.gauge.min;
    j["max"] = stats.gauge.max;
    for (size_t i = 0; i < kPercentiles.size(); ++i)
      j["p" + std::to_string(int(kPercentiles[i]))] = stats.gauge.p[i];
    j["std"] = stats.gauge.std;
    j["count"] = stats.gauge.count;
  }
  j["unit"] = unit;
  return j;
}

}  // namespace aiperf
