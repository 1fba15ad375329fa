// Network-RTT calibration: network_rtt and the network_adjusted_* twins, each sample
// max(0, v − rtt), derived from the stored samples at summarise time.
#include "metrics/network_adjusted.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "../endpoints/raw_record_builder.h"
#include "metrics/record_processor.h"
#include "metrics/statistics.h"
#include "word_count_tokenizer.h"

namespace aiperf {
namespace {

const MetricResult* na_find(const std::vector<MetricResult>& results, const std::string& tag) {
  for (const MetricResult& r : results)
    if (r.tag == tag) return &r;
  return nullptr;
}

// Request latencies and TTFTs (ms) as records in an accumulator (base units: ns).
MetricAccumulator na_accumulator(const std::vector<double>& latency_ms, const std::vector<double>& ttft_ms) {
  MetricAccumulator acc;
  for (size_t i = 0; i < latency_ms.size(); ++i) {
    RecordMetrics m;
    m[MetricId::request_latency] = latency_ms[i] * 1e6;
    if (i < ttft_ms.size()) m[MetricId::time_to_first_token] = ttft_ms[i] * 1e6;
    acc.add_valid(m, 1'000 + int64_t(i), 2'000'000'000 + int64_t(i));
  }
  return acc;
}

TEST(NetworkAdjusted, ShiftsEveryStatisticByTheRttWhenNoSampleIsBelowIt) {
  const std::vector<double> latency = {10, 12, 15, 20, 40};
  MetricAccumulator acc = na_accumulator(latency, {5, 6, 7, 8, 9});
  const std::vector<MetricResult> raw = acc.summarize();
  const std::vector<MetricResult> adjusted = network_adjusted_metrics(acc, 2.5);

  const MetricResult* r = na_find(raw, "request_latency");
  const MetricResult* a = na_find(adjusted, "network_adjusted_request_latency");
  ASSERT_TRUE(r && a);
  EXPECT_TRUE(a->distribution);
  EXPECT_EQ(a->header, "Network-Adjusted Request Latency");
  EXPECT_EQ(a->unit, "ms");
  EXPECT_EQ(a->count, r->count);
  EXPECT_NEAR(a->avg, r->avg - 2.5, 1e-9);
  EXPECT_NEAR(a->sum, r->sum - 5 * 2.5, 1e-9);
  EXPECT_NEAR(*a->min, *r->min - 2.5, 1e-9);
  EXPECT_NEAR(*a->max, *r->max - 2.5, 1e-9);
  EXPECT_NEAR(*a->std, *r->std, 1e-9);
  for (auto p : {&MetricResult::p1, &MetricResult::p5, &MetricResult::p10, &MetricResult::p25, &MetricResult::p50,
                 &MetricResult::p75, &MetricResult::p90, &MetricResult::p95, &MetricResult::p99})
    EXPECT_NEAR(*(a->*p), *(r->*p) - 2.5, 1e-9);
  const MetricResult* t = na_find(adjusted, "network_adjusted_time_to_first_token");
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->avg, 7 - 2.5, 1e-9);
  // No record had a TTFOT: no twin.
  EXPECT_FALSE(na_find(adjusted, "network_adjusted_time_to_first_output_token"));
  const MetricResult* rtt = na_find(adjusted, "network_rtt");
  ASSERT_TRUE(rtt);
  EXPECT_FALSE(rtt->distribution);
  EXPECT_DOUBLE_EQ(rtt->avg, 2.5);
  EXPECT_EQ(rtt->unit, "ms");
}

TEST(NetworkAdjusted, ClampsEachSampleAtZero) {
  const std::vector<double> latency = {1, 2, 3, 10, 20};
  MetricAccumulator acc = na_accumulator(latency, {});
  const std::vector<MetricResult> adjusted = network_adjusted_metrics(acc, 4);
  const MetricResult* a = na_find(adjusted, "network_adjusted_request_latency");
  ASSERT_TRUE(a);
  // Per sample: {0, 0, 0, 6, 16}, not the raw statistics less 4.
  std::vector<double> expected;
  for (double v : latency) expected.push_back(std::max(0.0, v - 4));
  const std::optional<DistributionStats> s = describe(expected);
  ASSERT_TRUE(s);
  EXPECT_EQ(a->count, 5);
  EXPECT_NEAR(a->avg, s->avg, 1e-9);
  EXPECT_NEAR(*a->std, s->std, 1e-9);
  EXPECT_DOUBLE_EQ(*a->min, 0);
  EXPECT_NEAR(*a->p50, s->p[4], 1e-9);
  EXPECT_NEAR(*a->p90, s->p[6], 1e-9);
  EXPECT_NEAR(*a->max, 16, 1e-9);
}

TEST(NetworkAdjusted, NothingMeasuredLeavesOnlyTheRtt) {
  MetricAccumulator acc;
  const std::vector<MetricResult> adjusted = network_adjusted_metrics(acc, 1.25);
  ASSERT_EQ(adjusted.size(), 1u);
  EXPECT_EQ(adjusted[0].tag, "network_rtt");
}

TEST(NetworkAdjusted, RecordProcessorAddsTheTwinsOnlyWhenGivenAnRtt) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.endpoint_type = EndpointType::chat;
  config.streaming = true;
  std::vector<PreparedRequest> requests{
      {"conv_0", R"({"messages":[{"role":"user","content":"one two three"}],"model":"m","stream":true})"}};
  testing::WordCountTokenizer tokenizer;
  std::ostringstream jsonl;
  auto record = [](int64_t start) {
    // TTFT 20 ms, request latency 100 ms.
    return testing::RawRecordBuilder()
        .start(start)
        .ack(start + 10'000'000)
        .chat_delta(start + 20'000'000, "a b c")
        .chat_delta(start + 100'000'000, " d e f")
        .done(start + 101'000'000)
        .end(start + 102'000'000)
        .build();
  };
  {
    RecordProcessor p(metrics_settings(config), tokenizer, requests, ClockAnchor{1'700'000'000'000'000'000, 0}, &jsonl);
    p.process(record(1'000));
    const RunSummary s = p.summarize();
    EXPECT_FALSE(s.find("network_rtt"));
    EXPECT_FALSE(s.find("network_adjusted_request_latency"));
  }
  RecordProcessor p(metrics_settings(config), tokenizer, requests, ClockAnchor{1'700'000'000'000'000'000, 0}, &jsonl);
  p.process(record(1'000));
  p.process(record(500'000'000));
  p.set_network_rtt_ms(30);
  const RunSummary s = p.summarize();
  ASSERT_TRUE(s.find("network_rtt"));
  EXPECT_DOUBLE_EQ(s.find("network_rtt")->avg, 30);
  ASSERT_TRUE(s.find("network_adjusted_request_latency"));
  EXPECT_NEAR(s.find("network_adjusted_request_latency")->avg, 100 - 30, 1e-9);
  ASSERT_TRUE(s.find("network_adjusted_time_to_first_token"));
  EXPECT_DOUBLE_EQ(s.find("network_adjusted_time_to_first_token")->avg, 0);  // 20 ms − 30 ms, clamped
  // Run-level only: the per-record lines keep the raw values and no twin.
  EXPECT_EQ(jsonl.str().find("network_adjusted"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
