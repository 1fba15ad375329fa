#include "telemetry/prometheus_text.h"

#include <gtest/gtest.h>

#include <cmath>

namespace aiperf {
namespace {

const PromFamily* prom_find(const PromParseResult& r, const std::string& name) {
  for (const PromFamily& f : r.families)
    if (f.name == name) return &f;
  return nullptr;
}

TEST(PrometheusText, CountersGaugesLabelsAndEscapes) {
  const PromParseResult r = parse_prometheus_text(
      "# HELP vllm:num_requests_running Number of requests in model execution batches.\n"
      "# TYPE vllm:num_requests_running gauge\n"
      "vllm:num_requests_running{model_name=\"Qwen/Qwen3-0.6B\"} 9.0\n"
      "# HELP http_requests_total Requests with a \\\\ and a\\nnewline.\n"
      "# TYPE http_requests_total counter\n"
      "http_requests_total{method=\"post\",path=\"/a \\\"b\\\"\\\\c\\nd\"} 1027 1395066363000\n"
      "http_requests_total{method=\"get\",} 3\n");
  EXPECT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_EQ(r.families.size(), 2u);
  const PromFamily* g = prom_find(r, "vllm:num_requests_running");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->type, PromType::gauge);
  EXPECT_EQ(g->help, "Number of requests in model execution batches.");
  ASSERT_EQ(g->samples.size(), 1u);
  EXPECT_EQ(g->samples[0].labels[0].second, "Qwen/Qwen3-0.6B");
  const PromFamily* c = prom_find(r, "http_requests_total");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->help, "Requests with a \\ and a\nnewline.");
  ASSERT_EQ(c->samples.size(), 2u);
  EXPECT_EQ(c->samples[0].suffix, "");
  EXPECT_EQ(*find_label(c->samples[0].labels, "path"), "/a \"b\"\\c\nd");
  EXPECT_EQ(c->samples[0].value, 1027);
  EXPECT_EQ(*c->samples[0].timestamp, 1395066363000.0);
  EXPECT_EQ(c->samples[1].labels.size(), 1u);  // a trailing comma is allowed
}

TEST(PrometheusText, HistogramSuffixesInfNanAndOpenMetrics) {
  const PromParseResult r = parse_prometheus_text(
      "# TYPE ttft_seconds histogram\n"
      "ttft_seconds_bucket{le=\"0.02\"} 12\n"
      "ttft_seconds_bucket{le=\"+Inf\"} 250\n"
      "ttft_seconds_sum 9.9\n"
      "ttft_seconds_count 250\n"
      "ttft_seconds_created 1.7e9\n"
      "# TYPE om_tokens counter\n"
      "# UNIT om_tokens tokens\n"
      "om_tokens_total 62500 # {trace_id=\"abc\"} 1.0 1520879607.789\n"
      "weird_gauge -Inf\n"
      "nan_gauge NaN\n"
      "# EOF\n"
      "after_eof 1\n");
  EXPECT_TRUE(r.errors.empty()) << r.errors.front();
  const PromFamily* h = prom_find(r, "ttft_seconds");
  ASSERT_TRUE(h);
  ASSERT_EQ(h->samples.size(), 5u);
  EXPECT_EQ(h->samples[0].suffix, "_bucket");
  EXPECT_EQ(h->samples[2].suffix, "_sum");
  EXPECT_EQ(h->samples[4].suffix, "_created");
  const PromFamily* om = prom_find(r, "om_tokens");
  ASSERT_TRUE(om);
  EXPECT_EQ(om->unit, "tokens");
  ASSERT_EQ(om->samples.size(), 1u);
  EXPECT_EQ(om->samples[0].suffix, "_total");
  EXPECT_EQ(om->samples[0].value, 62500);
  const PromFamily* w = prom_find(r, "weird_gauge");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->type, PromType::unknown);
  EXPECT_TRUE(std::isinf(w->samples[0].value) && w->samples[0].value < 0);
  EXPECT_TRUE(std::isnan(prom_find(r, "nan_gauge")->samples[0].value));
  EXPECT_EQ(prom_find(r, "after_eof"), nullptr);
}

TEST(PrometheusText, MalformedLinesAreReportedAndSkipped) {
  const PromParseResult r = parse_prometheus_text(
      "good 1\n"
      "bad{label=unquoted} 2\n"
      "also_bad 1 2 3\n"
      "no_value\n"
      "# TYPE x bogus\n"
      "good2{a=\"1\"} 2\n");
  EXPECT_EQ(r.error_count, 4u);
  ASSERT_EQ(r.errors.size(), 4u);
  EXPECT_EQ(r.errors[0].rfind("line 2:", 0), 0u) << r.errors[0];
  EXPECT_EQ(r.sample_count, 2u);
  EXPECT_TRUE(prom_find(r, "good2"));
}

TEST(PrometheusText, PrometheusStyleCounterNameKeepsTotal) {
  const PromParseResult r = parse_prometheus_text(
      "# TYPE vllm:generation_tokens_total counter\n"
      "vllm:generation_tokens_total{model_name=\"m\"} 5\n"
      "vllm:generation_tokens_created{model_name=\"m\"} 1.7e9\n");
  EXPECT_TRUE(r.errors.empty());
  const PromFamily* f = prom_find(r, "vllm:generation_tokens_total");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->samples.size(), 1u);
  EXPECT_EQ(f->samples[0].suffix, "");
}

TEST(PrometheusText, CarriageReturnsAndQuotedNames) {
  const PromParseResult r = parse_prometheus_text("{\"my.metric\",a=\"b\"} 4\r\nplain 1\r\n");
  EXPECT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_TRUE(prom_find(r, "my.metric"));
  EXPECT_EQ(prom_find(r, "my.metric")->samples[0].value, 4);
  EXPECT_EQ(prom_find(r, "plain")->samples[0].value, 1);
}

}  // namespace
}  // namespace aiperf
