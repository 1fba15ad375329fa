#pragma once
// The metrics of one OTLP export and their protobuf encoding as an
// opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest (the body of an
// OTLP/HTTP POST to /v1/metrics, Content-Type application/x-protobuf). One resource, one
// instrumentation scope, cumulative temporality: the run is over, so every point covers the
// whole profiling window.
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "publish/otlp_histogram.h"

namespace aiperf {

struct OtlpAttribute {
  std::string key;
  std::variant<std::string, int64_t, double, bool> value;
};
using OtlpAttributes = std::vector<OtlpAttribute>;

struct OtlpHistogramPoint {
  OtlpAttributes attributes;
  ExplicitHistogram histogram;
};

struct OtlpNumberPoint {
  OtlpAttributes attributes;
  std::variant<int64_t, double> value;
};

enum class OtlpInstrument { histogram, counter, up_down_counter, gauge };

struct OtlpMetric {
  std::string name, description, unit;
  OtlpInstrument instrument = OtlpInstrument::histogram;
  std::vector<OtlpHistogramPoint> histogram_points;  // histogram
  std::vector<OtlpNumberPoint> number_points;        // counter, up_down_counter, gauge
};

struct OtlpExport {
  OtlpAttributes resource;
  std::string scope_name, scope_version;
  int64_t start_unix_ns = 0, end_unix_ns = 0;  // the profiling window
  std::vector<OtlpMetric> metrics;
};

std::string encode_export_metrics_request(const OtlpExport& request);

}  // namespace aiperf
