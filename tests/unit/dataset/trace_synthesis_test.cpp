// --synthesis-* (cli-and-load.md §3.9; docs/prompts.md).
#include <gtest/gtest.h>

#include <set>

#include "dataset/trace_synthesis.h"

namespace aiperf {
namespace {

DatasetSettings synthesis_settings() {
  DatasetSettings s;
  s.random_seed = 5;
  return s;
}

TEST(TraceSynthesis, InactiveByDefault) {
  TraceSynthesis t(synthesis_settings(), 4);
  EXPECT_FALSE(t.active());
  EXPECT_EQ(t.output_length(7), 7);
  EXPECT_EQ(t.time_ms(100), 100);
}

TEST(TraceSynthesis, SpeedupOutputAndMaxIsl) {
  DatasetSettings s = synthesis_settings();
  s.synthesis_speedup_ratio = 4;
  s.synthesis_output_len_multiplier = 0.5;
  s.synthesis_max_isl = 10;
  TraceSynthesis t(s, 4);
  ASSERT_TRUE(t.active());
  EXPECT_FALSE(t.needs_block_counts());
  EXPECT_DOUBLE_EQ(t.time_ms(1000), 250);
  EXPECT_EQ(t.output_length(9), 5);  // round(4.5) away from zero
  EXPECT_EQ(t.output_length(1), 1);  // never below one token
  auto kept = t.reshape({1, 2, 3}, 10, 0);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->hash_ids, (std::vector<int64_t>{1, 2, 3}));
  EXPECT_FALSE(t.reshape({1, 2, 3}, 11, 1));
  EXPECT_EQ(t.rows_skipped(), 1u);
}

TEST(TraceSynthesis, PrefixAndPromptMultipliersKeepSharingBetweenRows) {
  DatasetSettings s = synthesis_settings();
  s.synthesis_prefix_len_multiplier = 2;
  s.synthesis_prompt_len_multiplier = 0.5;
  TraceSynthesis t(s, 4);
  // Rows 0 and 1 share blocks 1, 2; row 0's block 3 and row 1's block 4 are unique.
  t.count({1, 2, 3});
  t.count({1, 2, 4});
  auto a = t.reshape({1, 2, 3}, 12, 0);
  auto b = t.reshape({1, 2, 4}, 11, 1);
  ASSERT_TRUE(a && b);
  // Shared 8 tokens -> 16; unique 4 -> 2 and 3 -> 2 (rounded): 18 tokens, 5 blocks of 4.
  EXPECT_EQ(a->input_length, 18);
  EXPECT_EQ(b->input_length, 18);
  ASSERT_EQ(a->hash_ids.size(), 5u);
  ASSERT_EQ(b->hash_ids.size(), 5u);
  for (size_t j = 0; j < 4; ++j) EXPECT_EQ(a->hash_ids[j], b->hash_ids[j]) << j;  // the stretched shared prefix
  EXPECT_NE(a->hash_ids[4], b->hash_ids[4]);                                       // the unique tails
}

TEST(TraceSynthesis, PrefixRootsSplitRowsIntoIndependentTrees) {
  DatasetSettings s = synthesis_settings();
  s.synthesis_prefix_root_multiplier = 4;
  TraceSynthesis t(s, 4);
  for (int r = 0; r < 64; ++r) t.count({7, 8});
  std::set<int64_t> first_blocks;
  for (uint64_t r = 0; r < 64; ++r) {
    auto row = t.reshape({7, 8}, 8, r);
    ASSERT_TRUE(row);
    EXPECT_EQ(row->input_length, 8);
    first_blocks.insert(row->hash_ids[0]);
  }
  EXPECT_EQ(first_blocks.size(), 4u);  // one copy of the prefix per root, 64 rows over 4 roots
}

}  // namespace
}  // namespace aiperf
