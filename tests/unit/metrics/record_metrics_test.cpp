// Golden vectors for the per-record formulas (metrics-and-outputs.md §1.1, §1.2, §1.5), all
// hand-computed from the stamps below.
#include "metrics/record_metrics.h"

#include <cstdlib>
#include <numeric>

#include <gtest/gtest.h>

#include "../endpoints/raw_record_builder.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

ParsedRecord parse_raw(const RawRecord& raw, bool streaming = true) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = streaming;
  return parse_record(config.endpoint_type, raw);
}

// ISL, output, reasoning, requested OSL; {} = absent.
TokenCounts counts(std::optional<int64_t> input, std::optional<int64_t> output = {},
                   std::optional<int64_t> reasoning = {}, std::optional<int64_t> requested = {}) {
  TokenCounts t;
  t.input = input;
  t.output = output;
  t.reasoning = reasoning;
  t.requested_output = requested;
  return t;
}

RecordMetricOptions streaming_options() {
  RecordMetricOptions o;
  o.streaming = true;
  o.usage_diff = true;
  return o;
}

// A reasoning model: two reasoning chunks, then two answer chunks, then a usage-only chunk and
// [DONE]. start 1000; content at 1100, 1300, 1600, 2000; usage at 2500; [DONE] 2600; end 2700.
RawRecord reasoning_record() {
  return RawRecordBuilder()
      .start(1000)
      .data(1100, R"({"choices":[{"delta":{"reasoning_content":"think"}}]})")
      .data(1300, R"({"choices":[{"delta":{"reasoning_content":" more"}}]})")
      .chat_delta(1600, "a b")
      .chat_delta(2000, " c")
      .data(2500, R"({"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15,)"
                  R"("completion_tokens_details":{"reasoning_tokens":2},)"
                  R"("prompt_tokens_details":{"cached_tokens":4}}})")
      .done(2600)
      .end(2700)
      .build();
}

TEST(RecordMetrics, ReasoningStreamGoldenVector) {
  RawRecord raw = reasoning_record();
  ParsedRecord parsed = parse_raw(raw);
  TokenCounts tokens = counts(8, 3, 2, 5);
  RecordMetrics m = compute_record_metrics(raw, parsed, tokens, streaming_options());

  EXPECT_EQ(*m[MetricId::time_to_first_token], 100);
  EXPECT_EQ(*m[MetricId::time_to_second_token], 200);
  EXPECT_EQ(*m[MetricId::time_to_first_output_token], 600);  // first chunk with answer text
  EXPECT_EQ(*m[MetricId::request_latency], 1000);            // last content, not usage/[DONE]
  EXPECT_EQ(*m[MetricId::decode_duration], 900);
  EXPECT_EQ(*m[MetricId::full_decode_duration], 1600);       // end 2700 − first content 1100
  EXPECT_EQ(*m[MetricId::output_sequence_length], 5);
  EXPECT_DOUBLE_EQ(*m[MetricId::inter_token_latency], 900.0 / 4);
  EXPECT_DOUBLE_EQ(*m[MetricId::full_response_inter_token_latency], 1600.0 / 4);
  EXPECT_DOUBLE_EQ(*m[MetricId::output_token_throughput_per_user], 1e9 / 225);
  EXPECT_DOUBLE_EQ(*m[MetricId::full_response_output_token_throughput_per_user], 1e9 / 400);
  EXPECT_DOUBLE_EQ(*m[MetricId::e2e_output_token_throughput], 5 / 1e-6);
  EXPECT_DOUBLE_EQ(*m[MetricId::prefill_throughput_per_user], 8 / 100e-9);  // ISL / TTFT(s)
  EXPECT_TRUE(m.streamed);
  EXPECT_FALSE(m.cancelled);
}

TEST(RecordMetrics, EndToEndMinusTtftIsTheSumOfChunkGaps) {  // vLLM invariant
  RawRecord raw = reasoning_record();
  RecordMetrics m = compute_record_metrics(raw, parse_raw(raw), counts({}, 3), streaming_options());
  const double gaps = std::accumulate(m.inter_chunk_latency.begin(), m.inter_chunk_latency.end(), 0.0);
  EXPECT_EQ(m.inter_chunk_latency, (std::vector<double>{200, 300, 400}));
  EXPECT_EQ(*m[MetricId::request_latency] - *m[MetricId::time_to_first_token], gaps);
}

TEST(RecordMetrics, TrailingUsageChunkDoesNotExtendLatency) {
  RawRecord with_usage = reasoning_record();
  RawRecord without = RawRecordBuilder()
                          .start(1000)
                          .data(1100, R"({"choices":[{"delta":{"reasoning_content":"think"}}]})")
                          .data(1300, R"({"choices":[{"delta":{"reasoning_content":" more"}}]})")
                          .chat_delta(1600, "a b")
                          .chat_delta(2000, " c")
                          .end(2000)
                          .build();
  auto latency = [](const RawRecord& r) {
    return *compute_record_metrics(r, parse_raw(r), {}, streaming_options())[MetricId::request_latency];
  };
  EXPECT_EQ(latency(with_usage), latency(without));
}

TEST(RecordMetrics, UsageOnlyStreamIsAnErrorWithNoLatency) {
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .data(1500, R"({"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":0}})")
                      .done(1600)
                      .end(1700)
                      .build();
  ParsedRecord parsed = parse_raw(raw);
  ASSERT_TRUE(parsed.error);
  RecordMetrics m = compute_record_metrics(raw, parsed, counts(3), streaming_options());
  EXPECT_FALSE(m[MetricId::request_latency]);
  EXPECT_FALSE(m[MetricId::usage_prompt_tokens]);  // error records get error-only metrics
  EXPECT_EQ(*m[MetricId::error_isl], 3);
}

TEST(RecordMetrics, NoAnswerTextMeansNoTimeToFirstOutputToken) {
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .data(1010, R"({"choices":[{"delta":{"reasoning_content":"hmm"}}]})")
                      .end(1020)
                      .build();
  RecordMetrics m = compute_record_metrics(raw, parse_raw(raw), counts({}, {}, 1), streaming_options());
  EXPECT_EQ(*m[MetricId::time_to_first_token], 10);
  EXPECT_FALSE(m[MetricId::time_to_first_output_token]);
}

TEST(RecordMetrics, NonStreamingHasNoStreamingMetrics) {
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .body(1500, R"({"choices":[{"message":{"content":"a b c"}}]})")
                      .end(1500)
                      .build();
  RecordMetrics m = compute_record_metrics(raw, parse_raw(raw, false), counts(4, 3),
                                           streaming_options());
  for (MetricId id : {MetricId::time_to_first_token, MetricId::time_to_first_output_token,
                      MetricId::full_decode_duration, MetricId::full_response_inter_token_latency,
                      MetricId::prefill_throughput_per_user})
    EXPECT_FALSE(m[id]) << metric_info(id).tag;
  EXPECT_FALSE(m.streamed);
  EXPECT_EQ(*m[MetricId::request_latency], 500);
  EXPECT_DOUBLE_EQ(*m[MetricId::e2e_output_token_throughput], 3 / 500e-9);
}

TEST(RecordMetrics, UsageMetricsAndDiscrepancy) {
  RawRecord raw = reasoning_record();
  // Client counted ISL 8 (usage 10: 25 %), OSL 5 (usage 5: 0 %), reasoning 2 (usage 2: 0 %).
  RecordMetrics m = compute_record_metrics(
      raw, parse_raw(raw), counts(8, 3, 2), streaming_options());
  EXPECT_EQ(*m[MetricId::usage_prompt_tokens], 10);
  EXPECT_EQ(*m[MetricId::usage_completion_tokens], 5);
  EXPECT_EQ(*m[MetricId::usage_total_tokens], 15);
  EXPECT_EQ(*m[MetricId::usage_reasoning_tokens], 2);
  EXPECT_EQ(*m[MetricId::usage_prompt_cache_read_tokens], 4);
  EXPECT_DOUBLE_EQ(*m[MetricId::usage_prompt_tokens_diff_pct], 25);
  EXPECT_DOUBLE_EQ(*m[MetricId::usage_completion_tokens_diff_pct], 0);
  EXPECT_DOUBLE_EQ(*m[MetricId::usage_reasoning_tokens_diff_pct], 0);
  EXPECT_EQ(m.usage_discrepancy, true);  // 25 % > 10 %

  // Within 10 %: judged, not discrepant.
  m = compute_record_metrics(raw, parse_raw(raw), counts(10, 3, 2),
                             streaming_options());
  EXPECT_EQ(m.usage_discrepancy, false);

  // Without client-side counting there is nothing to compare.
  RecordMetricOptions server = streaming_options();
  server.usage_diff = false;
  m = compute_record_metrics(raw, parse_raw(raw), counts(8, 3), server);
  EXPECT_FALSE(m[MetricId::usage_prompt_tokens_diff_pct]);
  EXPECT_FALSE(m.usage_discrepancy);
}

TEST(RecordMetrics, MissingUsageFieldsStayAbsent) {
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .chat_delta(1010, "x")
                      .data(1020, R"({"choices":[],"usage":{"completion_tokens":1}})")
                      .end(1030)
                      .build();
  RecordMetrics m = compute_record_metrics(raw, parse_raw(raw), counts({}, 1), streaming_options());
  EXPECT_EQ(*m[MetricId::usage_completion_tokens], 1);
  EXPECT_FALSE(m[MetricId::usage_prompt_tokens]);
  EXPECT_FALSE(m[MetricId::usage_total_tokens]);  // never synthesised from prompt + completion
  EXPECT_FALSE(m[MetricId::usage_prompt_tokens_diff_pct]);
}

// OSL mismatch: |OSL − requested| > min(requested × 5 %, 50 tokens).
TEST(RecordMetrics, OslMismatch) {
  RawRecord raw = RawRecordBuilder()
                      .start(1000)
                      .body(1100, R"({"choices":[{"message":{"content":"x"}}]})")
                      .end(1100)
                      .build();
  ParsedRecord parsed = parse_raw(raw, false);
  struct Case {
    int64_t osl, requested;
    double diff_pct;
    bool mismatch;
  };
  for (const Case& c : {Case{95, 100, -5, false},      // tolerance 5: exactly at the edge passes
                        Case{94, 100, -6, true},
                        Case{1050, 1000, 5, false},    // tolerance min(50, 50) = 50
                        Case{940, 1000, -6, true},
                        Case{1900, 2000, -5, true},    // 5 % would be 100, capped at 50
                        Case{120, 100, 20, true}}) {
    RecordMetrics m = compute_record_metrics(
        raw, parsed, counts({}, c.osl, {}, c.requested), {});
    EXPECT_DOUBLE_EQ(*m[MetricId::osl_mismatch_diff_pct], c.diff_pct) << c.osl << "/" << c.requested;
    EXPECT_EQ(m.osl_mismatch, c.mismatch) << c.osl << "/" << c.requested;
  }
  RecordMetrics m = compute_record_metrics(raw, parsed, counts({}, 3), {});
  EXPECT_FALSE(m[MetricId::osl_mismatch_diff_pct]);  // no max_tokens sent
  EXPECT_FALSE(m.osl_mismatch);
}

TEST(RecordMetrics, CancelledRecordIsCountedAsCancelled) {
  RawRecord raw = RawRecordBuilder().start(1000).end(1050).build();
  raw.was_cancelled = true;
  raw.cancellation_ns = 1050;
  ParsedRecord parsed = parse_raw(raw);
  ASSERT_TRUE(parsed.error);
  RecordMetrics m = compute_record_metrics(raw, parsed, {}, streaming_options());
  EXPECT_TRUE(m.cancelled);
}

TEST(RecordMetrics, OptionsFromConfigAndEnvironment) {
  ProfileConfig config;
  config.streaming = true;
  RecordMetricOptions o = record_metric_options(metrics_settings(config));
  EXPECT_TRUE(o.streaming);
  EXPECT_TRUE(o.usage_diff);
  EXPECT_EQ(o.osl_mismatch_pct, 5);
  EXPECT_EQ(o.osl_mismatch_max_tokens, 50);
  EXPECT_EQ(o.usage_diff_pct, 10);
  config.use_server_token_count = true;
  EXPECT_FALSE(record_metric_options(metrics_settings(config)).usage_diff);

  setenv("AIPERF_METRICS_OSL_MISMATCH_PCT_THRESHOLD", "12.5", 1);
  setenv("AIPERF_METRICS_USAGE_PCT_DIFF_THRESHOLD", "0", 1);
  load_env_settings();
  o = record_metric_options(metrics_settings(config));
  EXPECT_EQ(o.osl_mismatch_pct, 12.5);
  EXPECT_EQ(o.usage_diff_pct, 0);
  unsetenv("AIPERF_METRICS_OSL_MISMATCH_PCT_THRESHOLD");
  unsetenv("AIPERF_METRICS_USAGE_PCT_DIFF_THRESHOLD");
  load_env_settings();
}

}  // namespace
}  // namespace aiperf
