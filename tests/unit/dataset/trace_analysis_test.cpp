// `aiperf analyze-trace` statistics (dataset/trace_analysis.h) on tiny traces whose answers
// are worked out by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "config/profile_config.h"
#include "dataset/trace_analysis.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::DoubleNear;
using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

TraceAnalysis analyze(const std::string& text, int64_t block_size) {
  TextFile f(text);
  return analyze_trace_rows(read_trace_row_shapes(f.path, block_size), block_size);
}

std::string analyze_error(const std::string& text, int64_t block_size = 4) {
  TextFile f(text);
  try {
    read_trace_row_shapes(f.path, block_size);
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError for: " << text;
  return "";
}

TEST(TraceAnalysis, HitRatesPrefixesAndContextOfASmallTrace) {
  const TraceAnalysis a = analyze(
      "{\"timestamp\": 0, \"input_length\": 8, \"output_length\": 2, \"hash_ids\": [1, 2]}\n"
      "{\"timestamp\": 100, \"input_length\": 12, \"output_length\": 4, \"hash_ids\": [1, 2, 3]}\n"
      "\n"
      "{\"timestamp\": 300, \"input_length\": 6, \"output_length\": 6, \"hash_ids\": [1, 4]}\n"
      "{\"timestamp\": 350, \"input_length\": 5}\n",
      4);
  EXPECT_EQ(a.total_requests, 4u);
  // Per request: 0/2, then [1,2] seen -> 2/3, then [1] seen -> 1/2; the row without hash_ids
  // takes no part.
  EXPECT_THAT(a.cache_hit_rate, DoubleNear((0.0 + 2.0 / 3.0 + 0.5) / 3.0, 1e-12));
  ASSERT_TRUE(a.hit_rate_stats);
  EXPECT_EQ(a.hit_rate_stats->count, 3u);
  EXPECT_EQ(a.hit_blocks, 3u);
  EXPECT_EQ(a.total_blocks, 7u);
  EXPECT_THAT(a.block_hit_rate, DoubleNear(3.0 / 7.0, 1e-12));
  // Prefixes [1]x3, [1,2]x2, [1,2,3], [1,4]: 4 distinct, 5 of 7 occurrences repeated.
  EXPECT_EQ(a.unique_prefixes, 4u);
  EXPECT_THAT(a.prefix_reuse_ratio, DoubleNear(5.0 / 7.0, 1e-12));
  // Context: row 1 is all shared blocks (its whole ISL), row 2 shares 2 blocks, row 3 one.
  ASSERT_TRUE(a.context_length_stats);
  EXPECT_EQ(a.context_length_stats->mean, (8.0 + 8.0 + 4.0 + 0.0) / 4.0);
  EXPECT_EQ(a.unique_prompt_length_stats->mean, (0.0 + 4.0 + 2.0 + 5.0) / 4.0);
  // ISL 5, 6, 8, 12: numpy's linear percentiles and population std.
  ASSERT_TRUE(a.isl_stats);
  EXPECT_EQ(a.isl_stats->count, 4u);
  EXPECT_EQ(a.isl_stats->mean, 7.75);
  EXPECT_EQ(a.isl_stats->min, 5.0);
  EXPECT_EQ(a.isl_stats->p25, 5.75);
  EXPECT_EQ(a.isl_stats->median, 7.0);
  EXPECT_EQ(a.isl_stats->p75, 9.0);
  EXPECT_EQ(a.isl_stats->max, 12.0);
  EXPECT_THAT(a.isl_stats->std_dev, DoubleNear(std::sqrt(28.75 / 4.0), 1e-12));
  EXPECT_EQ(a.min_isl, 5);
  EXPECT_EQ(a.max_isl, 12);
  // OSL only where the row has one.
  EXPECT_EQ(a.osl_stats->count, 3u);
  EXPECT_EQ(a.avg_osl, 4.0);
  EXPECT_EQ(a.min_osl, 2);
  EXPECT_EQ(a.max_osl, 6);
  // Gaps 100, 200, 50 ms.
  ASSERT_TRUE(a.inter_arrival_stats);
  EXPECT_EQ(a.inter_arrival_stats->count, 3u);
  EXPECT_EQ(a.inter_arrival_stats->min, 50.0);
  EXPECT_EQ(a.inter_arrival_stats->max, 200.0);
  EXPECT_EQ(a.inter_arrival_stats->median, 100.0);
}

TEST(TraceAnalysis, AHitNeedsTheWholePrefixCached) {
  // Block 6 was seen, but behind an unseen block 7 a prefix cache cannot serve it.
  const TraceAnalysis a = analyze(
      "{\"input_length\": 8, \"hash_ids\": [5, 6]}\n"
      "{\"input_length\": 8, \"hash_ids\": [7, 6]}\n"
      "{\"input_length\": 8, \"hash_ids\": [5, 6]}\n",
      4);
  EXPECT_EQ(a.hit_blocks, 2u);
  EXPECT_EQ(a.total_blocks, 6u);
  EXPECT_THAT(a.cache_hit_rate, DoubleNear(1.0 / 3.0, 1e-12));
  EXPECT_FALSE(a.inter_arrival_stats);  // no timestamps
  EXPECT_FALSE(a.osl_stats);
}

TEST(TraceAnalysis, NoHashIdsMeansNoHits) {
  const TraceAnalysis a = analyze("{\"input_length\": 3, \"output_length\": 1}\n", 512);
  EXPECT_EQ(a.cache_hit_rate, 0.0);
  EXPECT_EQ(a.block_hit_rate, 0.0);
  EXPECT_FALSE(a.hit_rate_stats);
  EXPECT_EQ(a.unique_prompt_length_stats->mean, 3.0);
  EXPECT_EQ(a.isl_stats->std_dev, 0.0);
}

TEST(TraceAnalysis, BadInputNamesFileAndLine) {
  EXPECT_THAT(analyze_error("{\"input_length\": 4}\n{\"output_length\": 4}\n"),
              HasSubstr(", line 2: missing required field 'input_length'"));
  EXPECT_THAT(analyze_error("{\"input_length\": 4}\n{nope\n"), HasSubstr(", line 2: invalid JSON"));
  EXPECT_THAT(analyze_error("{\"input_length\": 4, \"hash_ids\": [1, 2]}\n"),
              HasSubstr("line 1: input_length 4 is too short for 2 hash_ids of 4 tokens"));
  EXPECT_THAT(analyze_error("{\"input_length\": 4, \"hash_ids\": \"x\"}\n"), HasSubstr("'hash_ids' must be a list"));
  EXPECT_THAT(analyze_error("{\"input_length\": -1}\n"), HasSubstr("'input_length' must be >= 0"));
  EXPECT_THAT(analyze_error("\n"), HasSubstr("has no records"));
  EXPECT_THAT(analyze_error("[1]\n"), HasSubstr("--input-file "));
}

}  // namespace
}  // namespace aiperf
