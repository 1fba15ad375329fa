#include "publish/otlp_metrics.h"

#include <gtest/gtest.h>

#include "protobuf_fields.h"

namespace aiperf {
namespace {

using testing::proto_fields;

TEST(OtlpMetricsEncoding, RequestResourceScopeAndHistogramFields) {
  OtlpExport e;
  e.resource = {{"service.name", std::string("aiperf")}, {"n", int64_t(7)}};
  e.scope_name = "aiperf";
  e.scope_version = "0.1.0";
  e.start_unix_ns = 100;
  e.end_unix_ns = 200;
  const double bounds[] = {1, 2};
  OtlpMetric h{"gen_ai.client.operation.duration", "d", "s", OtlpInstrument::histogram, {}, {}};
  h.histogram_points.push_back({{{"error.type", std::string("timeout")}}, ExplicitHistogram(bounds)});
  h.histogram_points[0].histogram.add(1.5);
  h.histogram_points[0].histogram.add(3);
  e.metrics.push_back(h);

  const std::string body = encode_export_metrics_request(e);
  const auto resource_metrics = proto_fields(body, 1);
  ASSERT_EQ(resource_metrics.size(), 1u);
  const auto resource = proto_fields(resource_metrics[0].bytes, 1).at(0).bytes;
  const auto attributes = proto_fields(resource, 1);
  ASSERT_EQ(attributes.size(), 2u);
  EXPECT_EQ(proto_fields(attributes[0].bytes, 1).at(0).bytes, "service.name");
  const auto any = proto_fields(attributes[0].bytes, 2).at(0).bytes;
  EXPECT_EQ(proto_fields(any, 1).at(0).bytes, "aiperf");  // AnyValue.string_value
  EXPECT_EQ(proto_fields(proto_fields(attributes[1].bytes, 2).at(0).bytes, 3).at(0).integer, 7u);  // int_value

  const auto scope_metrics = proto_fields(resource_metrics[0].bytes, 2).at(0).bytes;
  const auto scope = proto_fields(scope_metrics, 1).at(0).bytes;
  EXPECT_EQ(proto_fields(scope, 1).at(0).bytes, "aiperf");
  EXPECT_EQ(proto_fields(scope, 2).at(0).bytes, "0.1.0");
  const auto metric = proto_fields(scope_metrics, 2).at(0).bytes;
  EXPECT_EQ(proto_fields(metric, 1).at(0).bytes, "gen_ai.client.operation.duration");
  EXPECT_EQ(proto_fields(metric, 3).at(0).bytes, "s");
  const auto histogram = proto_fields(metric, 9).at(0).bytes;
  EXPECT_EQ(proto_fields(histogram, 2).at(0).integer, 2u);  // cumulative
  const auto point = proto_fields(histogram, 1).at(0).bytes;
  EXPECT_EQ(proto_fields(point, 2).at(0).integer, 100u);
  EXPECT_EQ(proto_fields(point, 3).at(0).integer, 200u);
  EXPECT_EQ(proto_fields(point, 4).at(0).integer, 2u);
  EXPECT_DOUBLE_EQ(proto_fields(point, 5).at(0).as_double(), 4.5);
  EXPECT_EQ(proto_fields(point, 6).at(0).bytes.size(), 24u);  // three fixed64 bucket counts
  EXPECT_EQ(proto_fields(point, 7).at(0).bytes.size(), 16u);  // two double bounds
  EXPECT_DOUBLE_EQ(proto_fields(point, 11).at(0).as_double(), 1.5);
  EXPECT_DOUBLE_EQ(proto_fields(point, 12).at(0).as_double(), 3);
  EXPECT_EQ(proto_fields(point, 9).size(), 1u);
}

TEST(OtlpMetricsEncoding, CountersAreMonotonicSumsGaugesHaveNoStart) {
  OtlpExport e;
  e.scope_name = "aiperf";
  e.start_unix_ns = 5;
  e.end_unix_ns = 9;
  OtlpMetric c{"aiperf.timing.requests.sent", "", "{request}", OtlpInstrument::counter, {}, {}};
  c.number_points.push_back({{}, int64_t(12)});
  OtlpMetric u{"aiperf.timing.requests.in_flight", "", "{request}", OtlpInstrument::up_down_counter, {}, {}};
  u.number_points.push_back({{}, int64_t(0)});
  OtlpMetric g{"aiperf.timing.phase.elapsed_sec", "", "s", OtlpInstrument::gauge, {}, {}};
  g.number_points.push_back({{}, 2.5});
  e.metrics = {c, u, g};
  const std::string body = encode_export_metrics_request(e);
  const auto rm = proto_fields(body, 1).at(0).bytes;
  const auto metrics = proto_fields(proto_fields(rm, 2).at(0).bytes, 2);
  ASSERT_EQ(metrics.size(), 3u);
  const auto sum = proto_fields(metrics[0].bytes, 7).at(0).bytes;
  EXPECT_EQ(proto_fields(sum, 2).at(0).integer, 2u);
  EXPECT_EQ(proto_fields(sum, 3).at(0).integer, 1u);
  const auto point = proto_fields(sum, 1).at(0).bytes;
  EXPECT_EQ(proto_fields(point, 6).at(0).integer, 12u);  // as_int (sfixed64)
  EXPECT_EQ(proto_fields(point, 2).at(0).integer, 5u);
  const auto updown = proto_fields(metrics[1].bytes, 7).at(0).bytes;
  EXPECT_EQ(proto_fields(updown, 3).at(0).integer, 0u);
  const auto gauge = proto_fields(metrics[2].bytes, 5).at(0).bytes;
  const auto gauge_point = proto_fields(gauge, 1).at(0).bytes;
  EXPECT_TRUE(proto_fields(gauge_point, 2).empty());
  EXPECT_DOUBLE_EQ(proto_fields(gauge_point, 4).at(0).as_double(), 2.5);
}

TEST(OtlpMetricsEncoding, EmptyHistogramPointHasNoMinOrMax) {
  OtlpExport e;
  const double bounds[] = {1};
  OtlpMetric h{"x", "", "", OtlpInstrument::histogram, {}, {}};
  h.histogram_points.push_back({{}, ExplicitHistogram(bounds)});
  e.metrics.push_back(h);
  const std::string body = encode_export_metrics_request(e);
  const auto metric = proto_fields(proto_fields(proto_fields(body, 1).at(0).bytes, 2).at(0).bytes, 2).at(0).bytes;
  const auto point = proto_fields(proto_fields(metric, 9).at(0).bytes, 1).at(0).bytes;
  EXPECT_TRUE(proto_fields(point, 11).empty());
  EXPECT_TRUE(proto_fields(point, 12).empty());
}

}  // namespace
}  // namespace aiperf
