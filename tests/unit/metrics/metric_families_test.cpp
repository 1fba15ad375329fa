// Golden vectors for the coordinated-omission latencies, sessions and the EXPERIMENTAL/INTERNAL
// metrics (metrics-and-outputs.md §1.2, §1.3, §1.8), hand-computed from the stamps below.
#include <cstdlib>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "../endpoints/raw_record_builder.h"
#include "metrics/metric_accumulator.h"
#include "metric_results.h"
#include "metrics/record_metrics.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ParsedRecord parse_chat(const RawRecord& raw) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = true;
  return parse_record(config.endpoint_type, raw);
}

RecordMetricOptions options(bool dev = false) {
  RecordMetricOptions o;
  o.streaming = true;
  o.experimental = o.internal = dev;
  return o;
}

// Credit at 900, sent 1000, headers 1050, content 1100 and 1300, [DONE] 1400, end 1500.
RawRecord credited() {
  RawRecord r = RawRecordBuilder().start(1000).ack(1050).chat_delta(1100, "a").chat_delta(1300, " b")
                    .done(1400).end(1500).build();
  r.credit_issued_ns = 900;
  return r;
}

using testing::find_result;

TEST(CreditLatency, FromTheCreditToTheSendAndToTheLastRawChunk) {
  RawRecord raw = credited();
  RecordMetrics m = compute_record_metrics(raw, parse_chat(raw), {}, options());
  EXPECT_EQ(*m[MetricId::credit_to_start_latency], 100);  // 1000 − 900
  EXPECT_EQ(*m[MetricId::effective_latency], 500);        // [DONE] at 1400 − 900 (request_end_ns)
  EXPECT_EQ(*m[MetricId::request_latency], 300);          // last content 1300 − 1000
}

TEST(CreditLatency, NegativeDeltasClampToZero) {
  RawRecord raw = credited();
  raw.credit_issued_ns = 2000;  // a schedule later than the send (sent a hair early)
  RecordMetrics m = compute_record_metrics(raw, parse_chat(raw), {}, options());
  EXPECT_EQ(*m[MetricId::credit_to_start_latency], 0);
  EXPECT_EQ(*m[MetricId::effective_latency], 0);
}

TEST(CreditLatency, NoCreditStampMeansNeither) {
  RawRecord raw = credited();
  raw.credit_issued_ns = 0;
  RecordMetrics m = compute_record_metrics(raw, parse_chat(raw), {}, options());
  EXPECT_FALSE(m[MetricId::credit_to_start_latency]);
  EXPECT_FALSE(m[MetricId::effective_latency]);
}

TEST(CreditLatency, FailedRequestGetsCreditToStartOnly) {
  RawRecord raw = RawRecordBuilder().start(1000).status(500, "Internal Server Error")
                      .body(1200, R"({"error":"x"})").end(1200).build();
  raw.credit_issued_ns = 900;
  ParsedRecord parsed = parse_chat(raw);
  ASSERT_TRUE(parsed.error);
  RecordMetrics m = compute_record_metrics(raw, parsed, {}, options());
  EXPECT_EQ(*m[MetricId::credit_to_start_latency], 100);
  EXPECT_FALSE(m[MetricId::effective_latency]);  // it enters adj_effective_latency as +inf
  EXPECT_FALSE(m.session_completed);
}

TEST(CreditLatency, ErrorAdjustedTwinCountsFailuresAsInfinity) {
  MetricAccumulator acc;
  for (double ns : {1e6, 3e6}) {
    RecordMetrics m;
    m[MetricId::request_latency] = ns;
    m[MetricId::effective_latency] = ns;
    acc.add_valid(m, 1'000, 1'000 + int64_t(ns));
  }
  acc.add_error(RecordMetrics{}, 0, 0);
  const auto results = acc.summarize();
  const MetricResult* eff = find_result(results, "effective_latency");
  ASSERT_TRUE(eff);
  EXPECT_EQ(eff->count, 2);
  EXPECT_DOUBLE_EQ(eff->avg, 2.0);  // ms
  EXPECT_EQ(eff->console_group, ConsoleGroup::effective);
  const MetricResult* adj = find_result(results, "adj_effective_latency");
  ASSERT_TRUE(adj);
  EXPECT_EQ(adj->header, "Effective Latency (CO-aware) (error-adjusted)");
  EXPECT_EQ(adj->count, 3);
  EXPECT_DOUBLE_EQ(*adj->min, 1.0);
  EXPECT_DOUBLE_EQ(*adj->p50, 3.0);  // nearest rank of {1, 3, inf}
  EXPECT_EQ(*adj->p99, std::numeric_limits<double>::infinity());
  EXPECT_FALSE(find_result(results, "credit_to_start_latency"));  // no record had one
}

TEST(Experimental, AbsentUnlessDevMode) {
  RawRecord raw = credited();
  TokenCounts t;
  t.output = 4;
  t.reasoning = 6;
  t.requested_output = 8;
  RecordMetrics m = compute_record_metrics(raw, parse_chat(raw), t, options());
  EXPECT_FALSE(m[MetricId::stream_setup_latency]);
  EXPECT_FALSE(m[MetricId::thinking_efficiency]);
  EXPECT_FALSE(m[MetricId::requested_osl]);

  m = compute_record_metrics(raw, parse_chat(raw), t, options(true));
  EXPECT_EQ(*m[MetricId::stream_setup_latency], 50);     // headers 1050 − send 1000
  EXPECT_EQ(*m[MetricId::stream_prefill_latency], 50);   // TTFT 100 − setup 50
  EXPECT_DOUBLE_EQ(*m[MetricId::thinking_efficiency], 1.5);  // 6 reasoning / 4 answer
  EXPECT_EQ(*m[MetricId::requested_osl], 8);
}

TEST(Experimental, NoAnswerTokensMeansNoThinkingEfficiency) {
  RawRecord raw = credited();
  TokenCounts t;
  t.output = 0;  // output_token_count is absent when 0
  t.reasoning = 6;
  RecordMetrics m = compute_record_metrics(raw, parse_chat(raw), t, options(true));
  EXPECT_FALSE(m[MetricId::thinking_efficiency]);
}

TEST(Experimental, OverallThinkingEfficiencyFromTheTotals) {
  MetricAccumulator acc;
  for (auto [reasoning, output] : {std::pair{6.0, 4.0}, std::pair{2.0, 6.0}}) {
    RecordMetrics m;
    m[MetricId::request_latency] = 1e6;
    m[MetricId::reasoning_token_count] = reasoning;
    m[MetricId::output_token_count] = output;
    m[MetricId::thinking_efficiency] = reasoning / output;
    acc.add_valid(m, 1'000, 2'000'000);
  }
  const auto results = acc.summarize();
  ASSERT_TRUE(find_result(results, "overall_thinking_efficiency"));
  EXPECT_DOUBLE_EQ(find_result(results, "overall_thinking_efficiency")->avg, 8.0 / 10.0);
  EXPECT_FALSE(find_result(results, "overall_thinking_efficiency")->console);
}

TEST(Experimental, DevModeSwitchesFromTheEnvironment) {
  ProfileConfig config;
  EXPECT_FALSE(record_metric_options(metrics_settings(config)).experimental);
  setenv("AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS", "true", 1);
  load_env_settings();
  EXPECT_FALSE(record_metric_options(metrics_settings(config)).experimental);  // needs AIPERF_DEV_MODE too
  setenv("AIPERF_DEV_MODE", "1", 1);
  load_env_settings();
  EXPECT_TRUE(record_metric_options(metrics_settings(config)).experimental);
  EXPECT_FALSE(record_metric_options(metrics_settings(config)).internal);
  unsetenv("AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS");
  unsetenv("AIPERF_DEV_MODE");
  load_env_settings();
}

TEST(Sessions, ALastTurnThatSucceededCompletesItsSession) {
  RawRecord raw = credited();
  raw.session_turns = 3;
  raw.turn_index = 1;
  EXPECT_FALSE(compute_record_metrics(raw, parse_chat(raw), {}, options()).session_completed);
  raw.turn_index = 2;
  EXPECT_TRUE(compute_record_metrics(raw, parse_chat(raw), {}, options()).session_completed);
}

TEST(Sessions, CountAndSessionsPerHour) {
  MetricAccumulator acc;
  acc.enable_sessions();
  RecordMetrics last;
  last[MetricId::request_latency] = 1e9;
  last.session_completed = true;
  RecordMetrics middle = last;
  middle.session_completed = false;
  // Three valid records over 4 s (first start 0 s, last response 4 s); two end a session.
  acc.add_valid(middle, 0, int64_t(1e9));
  acc.add_valid(last, int64_t(2e9), int64_t(3e9));
  acc.add_valid(last, int64_t(3e9), int64_t(4e9));
  acc.add_error(RecordMetrics{}, 0, 0);
  const auto results = acc.summarize();
  ASSERT_TRUE(find_result(results, "session_count"));
  EXPECT_EQ(find_result(results, "session_count")->avg, 2);
  const MetricResult* tput = find_result(results, "session_throughput");
  ASSERT_TRUE(tput);
  EXPECT_DOUBLE_EQ(tput->avg, 2.0 / 4.0 * 3600);
  EXPECT_EQ(tput->unit, "sessions/hr");
  EXPECT_EQ(tput->display_order, 905);
  EXPECT_TRUE(tput->console);
}

TEST(Sessions, AbsentOutsideMultiTurnRuns) {
  MetricAccumulator acc;
  RecordMetrics m;
  m[MetricId::request_latency] = 1e9;
  m.session_completed = true;
  acc.add_valid(m, 0, int64_t(1e9));
  const auto results = acc.summarize();
  EXPECT_FALSE(find_result(results, "session_count"));
  EXPECT_FALSE(find_result(results, "session_throughput"));
}

TEST(Sessions, ZeroCompletedIsStillReported) {
  MetricAccumulator acc;
  acc.enable_sessions();
  acc.add_error(RecordMetrics{}, 0, 0);
  const auto results = acc.summarize();
  ASSERT_TRUE(find_result(results, "session_count"));
  EXPECT_EQ(find_result(results, "session_count")->avg, 0);
  EXPECT_FALSE(find_result(results, "session_throughput"));  // no duration without a valid record
}

}  // namespace
}  // namespace aiperf
