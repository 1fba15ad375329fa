#pragma once
// server_metrics_export.json and .csv (metrics-and-outputs.md §9.3, §9.4) from what the
// collector scraped, with the statistics of §9.2 over the profiling window.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "telemetry/server_metrics_collector.h"
#include "telemetry/server_metrics_stats.h"

namespace aiperf {

struct ServerMetricsReportInfo {
  std::string benchmark_id;
  int64_t start_wall_ns = 0, end_wall_ns = 0;  // profiling window
  nlohmann::ordered_json input_config;         // the run's resolved config, secrets redacted
  ClockAnchor anchor;
  double slice_s = 0;                          // --slice-duration: per-slice entries (0: none)
};

nlohmann::ordered_json server_metrics_json(const std::vector<std::unique_ptr<ScrapeEndpoint>>& endpoints,
                                           const ScrapeWindow& window, const ServerMetricsReportInfo& info);

// From the JSON document above, so both files always say the same.
std::string server_metrics_csv(const nlohmann::ordered_json& doc);

}  // namespace aiperf
