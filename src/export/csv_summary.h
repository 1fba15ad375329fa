#pragma once
// profile_export_aiperf.csv (metrics-and-outputs.md §7.4): Python csv-module output, CRLF.
#include <string>

#include "metrics/metric_result.h"

namespace aiperf {

std::string summary_csv(const RunSummary& summary);

// The "Metric" cell: header plus " (<unit>)" unless the unit is empty, "count" or "requests".
std::string csv_metric_name(const MetricResult& metric);

}  // namespace aiperf
