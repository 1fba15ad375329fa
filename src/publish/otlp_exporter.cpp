#include "publish/otlp_exporter.h"

#include <chrono>

#include "publish/otlp_run_metrics.h"
#include "publish/publish_http.h"

namespace aiperf {

std::string otlp_metrics_url(std::string_view otel_url) {
  std::string url(otel_url);
  while (url.ends_with('/')) url.pop_back();
  if (url.find("://") == std::string::npos) {
    const size_t slash = url.find('/');
    const std::string_view authority = std::string_view(url).substr(0, slash);
    // A colon after the last ']' (IPv6) is a port.
    const size_t bracket = authority.rfind(']');
    const bool has_port =
        authority.find(':', bracket == std::string_view::npos ? 0 : bracket) != std::string_view::npos;
    if (!has_port) url.insert(slash == std::string::npos ? url.size() : slash, ":4318");
    url = "http://" + url;
  }
  if (!url.ends_with("/v1/metrics")) url += "/v1/metrics";
  return url;
}

void publish_otlp(const FinishedRun& run, const OtelSettings& settings, HttpClient& http) {
  OtlpExport metrics = build_run_metrics(run, settings);
  if (metrics.end_unix_ns == 0) {  // nothing timed the run: stamp it now rather than at 1970
    metrics.end_unix_ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    metrics.start_unix_ns = metrics.start_unix_ns ? metrics.start_unix_ns : metrics.end_unix_ns;
  }
  HttpCall post{.method = "POST",
                .url = otlp_metrics_url(settings.url),
                .headers = {"Content-Type: application/x-protobuf"},
                .body = encode_export_metrics_request(metrics),
                .timeout_s = 30};
  call_or_throw(http, post, "POST /v1/metrics");
}

}  // namespace aiperf
