#include "publish/otlp_metrics.h"

#include "publish/protobuf_writer.h"

namespace aiperf {
namespace {

// Field numbers of opentelemetry-proto (common/v1, resource/v1, metrics/v1, collector/metrics/v1).
// clang-format off
namespace pb_any_value { constexpr uint32_t kString = 1, kBool = 2, kInt = 3, kDouble = 4; }
namespace pb_key_value { constexpr uint32_t kKey = 1, kValue = 2; }
namespace pb_resource { constexpr uint32_t kAttributes = 1; }
namespace pb_scope { constexpr uint32_t kName = 1, kVersion = 2; }
namespace pb_scope_metrics { constexpr uint32_t kScope = 1, kMetrics = 2; }
namespace pb_resource_metrics { constexpr uint32_t kResource = 1, kScopeMetrics = 2; }
namespace pb_request { constexpr uint32_t kResourceMetrics = 1; }
namespace pb_metric { constexpr uint32_t kName = 1, kDescription = 2, kUnit = 3, kGauge = 5, kSum = 7, kHistogram = 9; }
namespace pb_sum { constexpr uint32_t kDataPoints = 1, kTemporality = 2, kMonotonic = 3; }
namespace pb_histogram { constexpr uint32_t kDataPoints = 1, kTemporality = 2; }
namespace pb_gauge { constexpr uint32_t kDataPoints = 1; }
namespace pb_number_point {
constexpr uint32_t kStart = 2, kTime = 3, kAsDouble = 4, kAsInt = 6, kAttributes = 7;
}
namespace pb_histogram_point {
constexpr uint32_t kStart = 2, kTime = 3, kCount = 4, kSum = 5, kBucketCounts = 6, kBounds = 7, kAttributes = 9,
                   kMin = 11, kMax = 12;
}
// clang-format on
constexpr uint64_t kCumulative = 2;  // AggregationTemporality

void put_attributes(ProtobufWriter& out, uint32_t field, const OtlpAttributes& attributes) {
  for (const OtlpAttribute& a : attributes) {
    ProtobufWriter value;
    if (const auto* s = std::get_if<std::string>(&a.value)) value.bytes(pb_any_value::kString, *s);
    if (const auto* i = std::get_if<int64_t>(&a.value)) value.int64(pb_any_value::kInt, *i);
    if (const auto* d = std::get_if<double>(&a.value)) value.float64(pb_any_value::kDouble, *d);
    if (const auto* b = std::get_if<bool>(&a.value)) value.boolean(pb_any_value::kBool, *b);
    ProtobufWriter kv;
    kv.bytes(pb_key_value::kKey, a.key);
    kv.message(pb_key_value::kValue, value);
    out.message(field, kv);
  }
}

ProtobufWriter histogram_point_message(const OtlpHistogramPoint& p, const OtlpExport& e) {
  ProtobufWriter out;
  out.fixed64(pb_histogram_point::kStart, uint64_t(e.start_unix_ns));
  out.fixed64(pb_histogram_point::kTime, uint64_t(e.end_unix_ns));
  const ExplicitHistogram& h = p.histogram;
  out.fixed64(pb_histogram_point::kCount, h.count());
  out.float64(pb_histogram_point::kSum, h.sum());
  out.packed_fixed64(pb_histogram_point::kBucketCounts, h.counts());
  out.packed_float64(pb_histogram_point::kBounds, h.bounds());
  put_attributes(out, pb_histogram_point::kAttributes, p.attributes);
  if (h.count() > 0) {  // min and max are optional: absent, not zero, for an empty point
    out.float64(pb_histogram_point::kMin, h.min());
    out.float64(pb_histogram_point::kMax, h.max());
  }
  return out;
}

ProtobufWriter number_point_message(const OtlpNumberPoint& p, const OtlpExport& e, bool with_start) {
  ProtobufWriter out;
  // A gauge is a reading at one time; sums cover the window since their start.
  if (with_start) out.fixed64(pb_number_point::kStart, uint64_t(e.start_unix_ns));
  out.fixed64(pb_number_point::kTime, uint64_t(e.end_unix_ns));
  if (const auto* d = std::get_if<double>(&p.value)) out.float64(pb_number_point::kAsDouble, *d);
  if (const auto* i = std::get_if<int64_t>(&p.value)) out.sfixed64(pb_number_point::kAsInt, *i);
  put_attributes(out, pb_number_point::kAttributes, p.attributes);
  return out;
}

ProtobufWriter metric_message(const OtlpMetric& m, const OtlpExport& e) {
  ProtobufWriter out;
  out.bytes(pb_metric::kName, m.name);
  if (!m.description.empty()) out.bytes(pb_metric::kDescription, m.description);
  if (!m.unit.empty()) out.bytes(pb_metric::kUnit, m.unit);
  ProtobufWriter data;
  switch (m.instrument) {
    case OtlpInstrument::histogram:
      for (const auto& p : m.histogram_points) data.message(pb_histogram::kDataPoints, histogram_point_message(p, e));
      data.varint(pb_histogram::kTemporality, kCumulative);
      out.message(pb_metric::kHistogram, data);
      break;
    case OtlpInstrument::counter:
    case OtlpInstrument::up_down_counter:
      for (const auto& p : m.number_points) data.message(pb_sum::kDataPoints, number_point_message(p, e, true));
      data.varint(pb_sum::kTemporality, kCumulative);
      data.boolean(pb_sum::kMonotonic, m.instrument == OtlpInstrument::counter);
      out.message(pb_metric::kSum, data);
      break;
    case OtlpInstrument::gauge:
      for (const auto& p : m.number_points) data.message(pb_gauge::kDataPoints, number_point_message(p, e, false));
      out.message(pb_metric::kGauge, data);
      break;
  }
  return out;
}

}  // namespace

std::string encode_export_metrics_request(const OtlpExport& e) {
  ProtobufWriter res;
  put_attributes(res, pb_resource::kAttributes, e.resource);
  ProtobufWriter scope_msg;
  scope_msg.bytes(pb_scope::kName, e.scope_name);
  if (!e.scope_version.empty()) scope_msg.bytes(pb_scope::kVersion, e.scope_version);
  ProtobufWriter scoped;
  scoped.message(pb_scope_metrics::kScope, scope_msg);
  for (const OtlpMetric& m : e.metrics) scoped.message(pb_scope_metrics::kMetrics, metric_message(m, e));
  ProtobufWriter rm;
  rm.message(pb_resource_metrics::kResource, res);
  rm.message(pb_resource_metrics::kScopeMetrics, scoped);
  ProtobufWriter out;
  out.message(pb_request::kResourceMetrics, rm);
  return out.take();
}

}  // namespace aiperf
