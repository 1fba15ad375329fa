#pragma once
// OpenTelemetry export of a finished run (metrics-and-outputs.md §10.1): one OTLP/HTTP POST of
// the run's metrics (otlp_run_metrics.h) as protobuf to the collector's /v1/metrics.
#include <string>
#include <string_view>

#include "config/telemetry_settings.h"
#include "publish/finished_run.h"
#include "telemetry/http_client.h"

namespace aiperf {

// --otel-url as the metrics endpoint: "collector" and "collector:4319" get http:// (and port
// 4318, OTLP/HTTP's, when none is given); a URL with no path, or with a base path, gets
// /v1/metrics appended; one already ending in /v1/metrics is kept.
std::string otlp_metrics_url(std::string_view otel_url);

// Throws PublishError (publish_http.h) when the collector does not accept the request.
void publish_otlp(const FinishedRun& run, const OtelSettings& settings, HttpClient& http);

}  // namespace aiperf
