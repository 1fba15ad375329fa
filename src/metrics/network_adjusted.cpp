#include "metrics/network_adjusted.h"

#include <array>
#include <cstdio>
#include <optional>
#include <string>

#include "common/log.h"
#include "metrics/statistics.h"

namespace aiperf {

std::vector<MetricResult> network_adjusted_metrics(MetricAccumulator& acc, double rtt_ms) {
  const double rtt_ns = rtt_ms * 1e6;
  std::vector<MetricResult> out;
  for (const NetworkAdjustedPair& pair : kNetworkAdjustedPairs) {
    size_t clamped = 0;
    auto adjusted = [&](const auto& sorted) -> std::optional<MetricResult> {
      if (sorted.empty()) return std::nullopt;
      // Ascending: only when the smallest sample is below the RTT is a pass spent counting.
      const std::array<size_t, 1> first{0};
      std::array<double, 1> min{};
      sorted.values_at(first, min);
      if (min[0] < rtt_ns) sorted.for_each([&](double v) { clamped += v < rtt_ns; });
      std::optional<DistributionStats> s = describe_ascending(RttShifted(sorted, rtt_ns));
      if (!s) return std::nullopt;
      return labelled_distribution(pair.adjusted, *s);
    };
    std::optional<MetricResult> r = acc.with_ascending(pair.source, adjusted);
    if (!r) continue;
    if (clamped > 0) {
      char rtt[32];
      std::snprintf(rtt, sizeof rtt, "%.3f", rtt_ms);
      log_warning(std::string(metric_info(pair.adjusted).tag) + ": the network RTT (" + rtt + " ms) exceeds " +
                  std::to_string(clamped) + " of " + std::to_string(r->count) + " " +
                  metric_info(pair.source).tag + " samples; those count as 0");
    }
    out.push_back(std::move(*r));
  }
  MetricResult rtt = labelled_result(MetricId::network_rtt);
  rtt.avg = rtt_ms;
  out.push_back(std::move(rtt));
  return out;
}

}  // namespace aiperf
