#pragma once
// The "NVIDIA AIPerf | HTTP Trace Timing" console table (--show-trace-timing,
// metrics-and-outputs.md §6.1 item 2, §6.3): the http_req_* metrics with the stat columns
// of the metric table, drawn after the metric table(s).
#include <string>

#include "config/profile_config.h"
#include "export/console_table.h"
#include "metrics/metric_result.h"

namespace aiperf {

// The http_req_* rows of `summary`, by display order (empty when there are none).
ConsoleTable trace_timing_table(const RunSummary& summary);

// "\n" + the rendered table with --show-trace-timing and at least one row; "" otherwise.
std::string trace_timing_section(const ProfileConfig& config, const RunSummary& summary, int width, bool color);

}  // namespace aiperf
