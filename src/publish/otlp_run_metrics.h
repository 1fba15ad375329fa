#pragma once
// The OTLP metrics of a finished run (metrics-and-outputs.md §10.1), built from its exports:
// per-request values of profile_export.jsonl become cumulative histograms (GenAI semconv
// instruments and aiperf.<tag>), the request and session totals become the timing counters.
#include "config/telemetry_settings.h"
#include "publish/finished_run.h"
#include "publish/otlp_metrics.h"

namespace aiperf {

// Throws std::runtime_error naming the file when profile_export.jsonl cannot be read.
OtlpExport build_run_metrics(const FinishedRun& run, const OtelSettings& settings);

}  // namespace aiperf
