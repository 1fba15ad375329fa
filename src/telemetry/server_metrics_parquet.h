#pragma once
// server_metrics_export.parquet (metrics-and-outputs.md §9.6): the scrapes inside the profiling
// window in long format, one row per scrape × series (× bucket for histograms), through the one
// Parquet writer (io/parquet_file_writer.h), snappy-compressed as upstream's.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "telemetry/server_metrics_collector.h"
#include "telemetry/server_metrics_stats.h"

namespace aiperf {

// Throws std::runtime_error naming the path when it cannot be written.
void write_server_metrics_parquet(const std::filesystem::path& path,
                                  const std::vector<std::unique_ptr<ScrapeEndpoint>>& endpoints,
                                  const ScrapeWindow& window, const ClockAnchor& anchor,
                                  const std::string& benchmark_id);

}  // namespace aiperf
