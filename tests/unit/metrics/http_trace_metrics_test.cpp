// Golden vectors for the http_req_* formulas (metrics-and-outputs.md §1.6) and the
// --export-http-trace `trace_data` object, hand-computed from the stamps below.
#include "metrics/http_trace_metrics.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "metrics/record_jsonl.h"
#include "metrics/trace_data_json.h"

namespace aiperf {
namespace {

// A new connection: connect 100..400, send 500..520, first byte read at 1520, last at 4520.
HttpTrace new_connection_trace() {
  HttpTrace t;
  t.connect_start_ns = 100;
  t.connect_end_ns = 400;
  t.send_start_ns = 500;
  t.send_end_ns = 520;
  t.on_read(300, 1520);
  t.on_read(200, 3000);
  t.on_read(100, 4520);
  t.bytes_sent = 1234;
  t.writes = 2;
  return t;
}

double v(const RecordMetrics& m, MetricId id) {
  EXPECT_TRUE(m[id].has_value()) << metric_info(id).tag;
  return m[id].value_or(-1);
}

TEST(HttpTraceMetrics, NewConnectionGoldenVector) {
  RecordMetrics m;
  add_http_trace_metrics(new_connection_trace(), m);
  EXPECT_EQ(v(m, MetricId::http_req_blocked), 0);
  EXPECT_EQ(v(m, MetricId::http_req_dns_lookup), 0);
  EXPECT_EQ(v(m, MetricId::http_req_connecting), 300);
  EXPECT_EQ(v(m, MetricId::http_req_sending), 20);
  EXPECT_EQ(v(m, MetricId::http_req_waiting), 1000);
  EXPECT_EQ(v(m, MetricId::http_req_receiving), 3000);
  EXPECT_EQ(v(m, MetricId::http_req_duration), 4020);
  EXPECT_EQ(v(m, MetricId::http_req_connection_overhead), 300);
  EXPECT_EQ(v(m, MetricId::http_req_total), 4320);
  EXPECT_EQ(v(m, MetricId::http_req_data_sent), 1234);
  EXPECT_EQ(v(m, MetricId::http_req_data_received), 600);
  EXPECT_EQ(v(m, MetricId::http_req_connection_reused), 0);
  EXPECT_EQ(v(m, MetricId::http_req_chunks_sent), 2);
  EXPECT_EQ(v(m, MetricId::http_req_chunks_received), 3);
}

TEST(HttpTraceMetrics, ReusedConnectionHasNoConnectingAndOneReadNoReceiving) {
  HttpTrace t;
  t.connection_reused = true;
  t.send_start_ns = 1000;
  t.send_end_ns = 1010;
  t.on_read(512, 2010);
  t.bytes_sent = 99;
  t.writes = 1;
  RecordMetrics m;
  add_http_trace_metrics(t, m);
  EXPECT_EQ(v(m, MetricId::http_req_connecting), 0);
  EXPECT_EQ(v(m, MetricId::http_req_connection_overhead), 0);
  EXPECT_EQ(v(m, MetricId::http_req_receiving), 0);
  EXPECT_EQ(v(m, MetricId::http_req_waiting), 1000);
  EXPECT_EQ(v(m, MetricId::http_req_duration), 1010);
  EXPECT_EQ(v(m, MetricId::http_req_total), 1010);
  EXPECT_EQ(v(m, MetricId::http_req_connection_reused), 1);
  EXPECT_EQ(v(m, MetricId::http_req_chunks_received), 1);
}

TEST(HttpTraceMetrics, AbsentWithoutAResponse) {
  HttpTrace t;
  t.send_start_ns = 1000;
  t.send_end_ns = 1010;
  RecordMetrics m;
  add_http_trace_metrics(t, m);
  for (size_t i = 0; i < kRecordMetricCount; ++i) EXPECT_FALSE(m.value[i].has_value()) << i;
}

TEST(HttpTraceMetrics, OnlyComputedWhenEnabled) {
  RawRecord raw;
  raw.http_status = 200;
  raw.start_ns = 500;
  raw.trace = new_connection_trace();
  raw.body = "{}";
  raw.chunks.push_back({0, 2, 4520});
  ParsedRecord parsed;
  parsed.responses.push_back(ParsedResponse{});
  parsed.responses.back().perf_ns = 4520;
  parsed.responses.back().text = "x";
  RecordMetricOptions o;
  EXPECT_FALSE(compute_record_metrics(raw, parsed, {}, o)[MetricId::http_req_total]);
  o.http_trace = true;
  EXPECT_EQ(compute_record_metrics(raw, parsed, {}, o)[MetricId::http_req_total], 4320);
}

TEST(HttpTraceCatalogue, UpstreamHeadersUnitsAndOrders) {
  const MetricInfo& waiting = metric_info(MetricId::http_req_waiting);
  EXPECT_STREQ(waiting.tag, "http_req_waiting");
  EXPECT_STREQ(waiting.header, "HTTP Waiting (TTFB)");
  EXPECT_STREQ(waiting.unit, "ms");
  EXPECT_EQ(metric_info(MetricId::http_req_blocked).display_order, 2000);
  EXPECT_EQ(metric_info(MetricId::http_req_chunks_received).display_order, 2130);
  EXPECT_STREQ(metric_info(MetricId::http_req_data_sent).unit, "B");
  EXPECT_STREQ(metric_info(MetricId::http_req_connection_reused).unit, "ratio");
  for (int i = int(MetricId::http_req_blocked); i <= int(MetricId::http_req_chunks_received); ++i) {
    EXPECT_FALSE(metric_info(MetricId(i)).console);
    EXPECT_TRUE(metric_info(MetricId(i)).flags & kHttpTrace);
  }
}

TEST(TraceDataJson, FieldsAndWallAnchor) {
  RawRecord raw;
  raw.ack_ns = 1400;
  raw.trace = new_connection_trace();
  ClockAnchor anchor{1'000'000'000'000, 50};
  std::string out = "{";
  append_trace_data(out, raw, anchor);
  out += "}";
  const auto j = nlohmann::json::parse(out).at("trace_data");
  EXPECT_EQ(j.at("reference_time_ns"), 1'000'000'000'000);
  EXPECT_EQ(j.at("reference_perf_ns"), 50);
  EXPECT_EQ(j.at("tcp_connect_start_perf_ns"), 100);
  EXPECT_EQ(j.at("tcp_connect_end_perf_ns"), 400);
  EXPECT_EQ(j.at("request_send_start_perf_ns"), 500);
  EXPECT_EQ(j.at("request_send_end_perf_ns"), 520);
  EXPECT_EQ(j.at("response_headers_received_perf_ns"), 1400);
  EXPECT_EQ(j.at("response_receive_start_perf_ns"), 1520);
  EXPECT_EQ(j.at("response_receive_end_perf_ns"), 4520);
  EXPECT_EQ(j.at("connection_reused"), false);
  EXPECT_EQ(j.at("request_bytes_total"), 1234);
  EXPECT_EQ(j.at("request_chunks_count"), 2);
  EXPECT_EQ(j.at("response_bytes_total"), 600);
  EXPECT_EQ(j.at("response_chunks_count"), 3);
}

TEST(TraceDataJson, ReusedConnectionOmitsConnectStampsAndLineCarriesObjectOnlyWhenAsked) {
  RawRecord raw;
  raw.trace.connection_reused = true;
  raw.trace.send_start_ns = 10;
  std::string out = "{";
  append_trace_data(out, raw, ClockAnchor{});
  out += "}";
  const auto j = nlohmann::json::parse(out).at("trace_data");
  EXPECT_FALSE(j.contains("tcp_connect_start_perf_ns"));
  EXPECT_FALSE(j.contains("response_receive_start_perf_ns"));
  EXPECT_EQ(j.at("connection_reused"), true);

  std::string plain, traced;
  append_record_line(plain, raw, "c", ClockAnchor{}, RecordMetrics{}, std::nullopt);
  append_record_line(traced, raw, "c", ClockAnchor{}, RecordMetrics{}, std::nullopt, true);
  EXPECT_FALSE(nlohmann::json::parse(plain).contains("trace_data"));
  EXPECT_TRUE(nlohmann::json::parse(traced).contains("trace_data"));
}

}  // namespace
}  // namespace aiperf
