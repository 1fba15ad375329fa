// Golden vectors for the --per-chunk-usage ITL divisor (metrics-and-outputs.md §1.1.1).
// Every record below starts at 1000 and has its first content at 1100 and its last at 2100, so
// request_latency − TTFT = 1000 ns and ITL = 1000 / decode_tokens.
#include <gtest/gtest.h>

#include "../endpoints/raw_record_builder.h"
#include "metrics/record_metrics.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

std::string chunk(std::string_view text, int completion_tokens) {
  return R"({"choices":[{"delta":{"content":")" + std::string(text) + R"("}}],"usage":{"completion_tokens":)" +
         std::to_string(completion_tokens) + "}}";
}

// A server that bundles 3 tokens in its first chunk, then sends 1 per chunk (OSL 6), with
// cumulative usage on every chunk, as vLLM's continuous_usage_stats does.
RawRecord bundled_first_chunk() {
  return RawRecordBuilder()
      .start(1000)
      .data(1100, chunk("a b c", 3))
      .data(1500, chunk(" d", 4))
      .data(1800, chunk(" e", 5))
      .data(2100, chunk(" f", 6))
      .done(2200)
      .end(2300)
      .build();
}

RecordMetrics metrics_for(const RawRecord& raw, bool per_chunk_usage, int64_t osl = 6) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = true;
  config.use_server_token_count = true;
  ParsedRecord parsed = parse_record(config.endpoint_type, raw);
  RecordMetricOptions o;
  o.streaming = true;
  o.per_chunk_usage = per_chunk_usage;
  TokenCounts t;
  t.output = osl;
  return compute_record_metrics(raw, parsed, t, o);
}

TEST(PerChunkUsage, FirstContentChunkTokensAreRead) {
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = true;
  EXPECT_EQ(parse_record(config.endpoint_type, bundled_first_chunk()).first_content_chunk_tokens, 3);
}

TEST(PerChunkUsage, DivisorExcludesTheFirstChunksTokens) {
  RecordMetrics m = metrics_for(bundled_first_chunk(), true);
  EXPECT_DOUBLE_EQ(*m[MetricId::inter_token_latency], 1000.0 / 3);  // OSL 6 − 3 first-chunk tokens
  EXPECT_DOUBLE_EQ(*m[MetricId::output_token_throughput_per_user], 1e9 / (1000.0 / 3));
  EXPECT_DOUBLE_EQ(*m[MetricId::full_response_inter_token_latency], (2300.0 - 1100) / 3);
}

TEST(PerChunkUsage, WithoutTheFlagTheDivisorIsOslMinusOne) {
  RecordMetrics m = metrics_for(bundled_first_chunk(), false);
  EXPECT_DOUBLE_EQ(*m[MetricId::inter_token_latency], 1000.0 / 5);
}

TEST(PerChunkUsage, FallsBackToOslMinusOne) {
  // No usage on any content chunk (only a trailing usage chunk): OSL − 1.
  RawRecord no_usage = RawRecordBuilder()
                           .start(1000)
                           .chat_delta(1100, "a")
                           .chat_delta(2100, " b")
                           .data(2200, R"({"choices":[],"usage":{"completion_tokens":6}})")
                           .done(2300)
                           .end(2400)
                           .build();
  EXPECT_DOUBLE_EQ(*metrics_for(no_usage, true)[MetricId::inter_token_latency], 1000.0 / 5);
  // A zero count is unusable too.
  RawRecord zero = RawRecordBuilder()
                       .start(1000)
                       .data(1100, chunk("a", 0))
                       .data(2100, chunk(" b", 6))
                       .done(2200)
                       .end(2300)
                       .build();
  EXPECT_DOUBLE_EQ(*metrics_for(zero, true)[MetricId::inter_token_latency], 1000.0 / 5);
}

TEST(PerChunkUsage, DecodeTokensRule) {
  ParsedRecord p;
  EXPECT_FALSE(itl_decode_tokens(1, p, true));
  EXPECT_EQ(itl_decode_tokens(6, p, false), 5);
  EXPECT_EQ(itl_decode_tokens(6, p, true), 5);  // no count: fallback
  p.first_content_chunk_tokens = 4;
  EXPECT_EQ(itl_decode_tokens(6, p, true), 2);
  EXPECT_EQ(itl_decode_tokens(6, p, false), 5);
  p.first_content_chunk_tokens = 6;
  EXPECT_EQ(itl_decode_tokens(6, p, true), 5);  // would leave 0 decode tokens
}

}  // namespace
}  // namespace aiperf
