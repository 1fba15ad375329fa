// Golden vectors for the speculative-decoding metrics (metrics-and-outputs.md §1.8),
// hand-computed from the server counts below.
#include <string>

#include <gtest/gtest.h>

#include "../endpoints/raw_record_builder.h"
#include "metrics/metric_accumulator.h"
#include "metric_results.h"
#include "metrics/record_metrics.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

// A streamed chat record whose final usage chunk carries vLLM's counts (none when steps < 0).
RecordMetrics record(int64_t steps, int64_t accepted, int64_t drafts) {
  RawRecordBuilder b;
  b.start(1000).chat_delta(1100, "a").chat_delta(1200, " b");
  if (steps >= 0)
    b.data(1300, R"({"choices":[],"metrics":{"speculative_decoding":{"num_spec_steps":)" + std::to_string(steps) +
                     R"(,"num_accepted_draft_tokens":)" + std::to_string(accepted) +
                     R"(,"num_draft_tokens":)" + std::to_string(drafts) + "}}}");
  RawRecord raw = b.done(1400).end(1500).build();
  ProfileConfig config;
  config.model_names = {"m"};
  config.streaming = true;
  RecordMetricOptions o;
  o.streaming = true;
  return compute_record_metrics(raw, parse_record(config.endpoint_type, raw), {}, o);
}

using testing::find_result;

TEST(SpecDecodeRecord, RatiosAndCounts) {
  RecordMetrics m = record(4, 6, 16);
  EXPECT_DOUBLE_EQ(*m[MetricId::spec_decode_acceptance_length], 2.5);        // 1 + 6/4
  EXPECT_DOUBLE_EQ(*m[MetricId::spec_decode_draft_acceptance_rate], 37.5);   // 6/16 × 100
  EXPECT_DOUBLE_EQ(*m[MetricId::spec_decode_accepted_per_verified], 0.5);    // (6+4)/(16+4)
  EXPECT_EQ(*m[MetricId::spec_decode_steps], 4);
  EXPECT_EQ(*m[MetricId::spec_decode_accepted_draft_tokens], 6);
  EXPECT_EQ(*m[MetricId::spec_decode_draft_tokens], 16);
}

TEST(SpecDecodeRecord, ZeroStepsKeepsCountsButNoRatios) {
  RecordMetrics m = record(0, 0, 0);
  EXPECT_FALSE(m[MetricId::spec_decode_acceptance_length]);
  EXPECT_FALSE(m[MetricId::spec_decode_draft_acceptance_rate]);
  EXPECT_FALSE(m[MetricId::spec_decode_accepted_per_verified]);
  EXPECT_EQ(*m[MetricId::spec_decode_steps], 0);
  EXPECT_EQ(*m[MetricId::spec_decode_draft_tokens], 0);
}

TEST(SpecDecodeRecord, AbsentWithoutTheServerObject) {
  RecordMetrics m = record(-1, 0, 0);
  for (MetricId id : {MetricId::spec_decode_acceptance_length, MetricId::spec_decode_draft_acceptance_rate,
                      MetricId::spec_decode_accepted_per_verified, MetricId::spec_decode_steps,
                      MetricId::spec_decode_accepted_draft_tokens, MetricId::spec_decode_draft_tokens})
    EXPECT_FALSE(m[id]) << metric_info(id).tag;
}

TEST(SpecDecodeRun, TokenWeightedTotalsAndZeroStepRequests) {
  MetricAccumulator acc;
  acc.add_valid(record(4, 6, 16), 1'000'000, 2'000'000);
  acc.add_valid(record(10, 25, 40), 1'000'000, 2'000'000);
  acc.add_valid(record(0, 0, 0), 1'000'000, 2'000'000);
  acc.add_valid(record(-1, 0, 0), 1'000'000, 2'000'000);  // no counts: in no spec-decode metric
  const auto results = acc.summarize();
  auto value = [&](const char* tag) {
    const MetricResult* r = find_result(results, tag);
    EXPECT_TRUE(r) << tag;
    return r ? r->avg : -1.0;
  };
  EXPECT_DOUBLE_EQ(value("total_spec_decode_steps"), 14);
  EXPECT_DOUBLE_EQ(value("total_accepted_draft_tokens"), 31);
  EXPECT_DOUBLE_EQ(value("total_draft_tokens"), 56);
  EXPECT_DOUBLE_EQ(value("spec_decode_zero_step_requests"), 1);
  EXPECT_DOUBLE_EQ(value("spec_decode_token_weighted_acceptance_length"), 1.0 + 31.0 / 14.0);
  EXPECT_DOUBLE_EQ(value("spec_decode_overall_draft_acceptance_rate"), 31.0 / 56.0 * 100.0);
  // The per-record mean weighs each request once: (2.5 + 3.5) / 2, over the two with steps.
  const MetricResult* length = find_result(results, "spec_decode_acceptance_length");
  ASSERT_TRUE(length);
  EXPECT_EQ(length->count, 2);
  EXPECT_DOUBLE_EQ(length->avg, 3.0);
  EXPECT_EQ(length->unit, "ratio");
  EXPECT_EQ(length->console_group, ConsoleGroup::spec_decode);
  EXPECT_EQ(find_result(results, "spec_decode_steps")->count, 3);
  EXPECT_EQ(find_result(results, "spec_decode_draft_acceptance_rate")->unit, "%");
}

TEST(SpecDecodeRun, AllZeroStepsGivesCountsButNoRunRatios) {
  MetricAccumulator acc;
  acc.add_valid(record(0, 0, 0), 1'000'000, 2'000'000);
  const auto results = acc.summarize();
  ASSERT_TRUE(find_result(results, "total_spec_decode_steps"));
  EXPECT_EQ(find_result(results, "total_spec_decode_steps")->avg, 0);
  EXPECT_EQ(find_result(results, "spec_decode_zero_step_requests")->avg, 1);
  EXPECT_FALSE(find_result(results, "spec_decode_token_weighted_acceptance_length"));
  EXPECT_FALSE(find_result(results, "spec_decode_overall_draft_acceptance_rate"));
}

TEST(SpecDecodeRun, AbsentNotZeroWhenNoRecordCarriedCounts) {
  MetricAccumulator acc;
  acc.add_valid(record(-1, 0, 0), 1'000'000, 2'000'000);
  const auto results = acc.summarize();
  for (const MetricResult& r : results) EXPECT_EQ(r.tag.find("spec_decode"), std::string::npos) << r.tag;
  for (const char* tag : {"total_spec_decode_steps", "total_accepted_draft_tokens", "total_draft_tokens"})
    EXPECT_FALSE(find_result(results, tag)) << tag;
}

}  // namespace
}  // namespace aiperf
