#pragma once
// profile_export_aiperf.csv (metrics-and-outputs.md §7.4): Python csv-module output, CRLF.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "metrics/metric_result.h"

namespace aiperf {

std::string summary_csv(const RunSummary& summary);
// The same two sections (`Metric,<STAT_KEYS>`, then `Metric,Value`) for any list of metrics.
std::string metrics_csv(const std::vector<MetricResult>& metrics);

// The "Metric" cell: header plus " (<unit>)" unless the unit is empty, "count" or "requests".
std::string csv_metric_name(const MetricResult& metric);

// Python csv.writer's row: QUOTE_MINIMAL cells, comma separated, CRLF.
void append_csv_row(std::string& out, const std::vector<std::string>& cells);

// One statistic cell as the summary CSV writes it (`%.2f`, or an integer for counts and
// integer samples); nullopt when the metric has no such statistic. `stat` is one of
// avg min max sum p1 p5 p10 p25 p50 p75 p90 p95 p99 std.
std::optional<std::string> csv_stat_cell(const MetricResult& metric, std::string_view stat);

// The statistics columns of the summary CSV, in upstream's STAT_KEYS order.
inline constexpr const char* kCsvStatKeys[] = {"avg", "min", "max", "sum", "p1", "p5", "p10", "p25",
                                               "p50", "p75", "p90", "p95", "p99", "std"};

}  // namespace aiperf
