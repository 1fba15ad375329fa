// Prefix pool, shared system and user-context prompts, --seq-dist sampling and determinism
// (workloads-and-endpoints.md §2.4–2.8, §2.10), with exact lengths under the builtin
// o200k_base tokenizer.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "dataset/dataset.h"
#include "dataset/sequence_distribution.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

const Tokenizer& builtin() {
  static std::unique_ptr<Tokenizer> t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  return *t;
}

ProfileConfig config(int64_t entries, int64_t isl = 128, double isl_stddev = 10) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 11;
  c.num_dataset_entries = entries;
  c.isl_mean = isl;
  c.isl_stddev = isl_stddev;
  return c;
}

TEST(PrefixPrompts, PrefixPlusBodyIsExactlyLPlusIsl) {
  ProfileConfig c = config(300);
  c.prefix_pool_size = 5;
  c.prefix_length = 20;
  Dataset d = build_synthetic_dataset(c, builtin());
  ProfileConfig plain = c;
  plain.prefix_pool_size = plain.prefix_length = 0;
  Dataset without = build_synthetic_dataset(plain, builtin());
  std::set<std::string> heads;
  for (size_t i = 0; i < d.entries.size(); ++i) {
    const DatasetEntry& e = d.entries[i];
    // Additive: same ISL draw as without prefixes, plus L.
    EXPECT_EQ(e.intended_input_tokens, without.entries[i].intended_input_tokens + 20);
    EXPECT_EQ(int64_t(builtin().count(e.prompt.str())), e.intended_input_tokens) << e.prompt.str();
    heads.insert(e.prompt.str().substr(0, 40));
    EXPECT_FALSE(e.parts->system_message);
    EXPECT_FALSE(e.parts->user_context_message);
  }
  EXPECT_EQ(heads.size(), 5u);  // every request starts with one of the 5 pooled prefixes
}

TEST(PrefixPrompts, ThousandLongPromptsAllExact) {
  ProfileConfig c = config(1000, 550, 50);
  c.prefix_pool_size = 10;
  c.prefix_length = 100;
  int64_t off = 0;
  for (const DatasetEntry& e : build_synthetic_dataset(c, builtin()).entries)
    if (int64_t(builtin().count(e.prompt.str())) != e.intended_input_tokens) ++off;
  EXPECT_EQ(off, 0);
}

TEST(PrefixPrompts, PoolWithoutLengthIsDisabled) {
  ProfileConfig c = config(10);
  c.prefix_pool_size = 3;
  Dataset d = build_synthetic_dataset(c, builtin());
  c.prefix_pool_size = 0;
  Dataset plain = build_synthetic_dataset(c, builtin());
  for (size_t i = 0; i < d.entries.size(); ++i)
    EXPECT_EQ(d.entries[i].prompt.str(), plain.entries[i].prompt.str());
}

TEST(SessionPrompts, SystemAndUserContextHaveExactlyNTokens) {
  ProfileConfig c = config(100, 200, 0);
  c.shared_system_prompt_length = 100;
  c.user_context_prompt_length = 50;
  Dataset d = build_synthetic_dataset(c, builtin());
  ASSERT_TRUE(d.entries[0].parts->system_message);
  EXPECT_EQ(builtin().count(*d.entries[0].parts->system_message), 100u);
  std::set<std::string> contexts;
  for (const DatasetEntry& e : d.entries) {
    EXPECT_EQ(e.parts->system_message, d.entries[0].parts->system_message);  // one for everyone
    ASSERT_TRUE(e.parts->user_context_message);
    EXPECT_EQ(builtin().count(*e.parts->user_context_message), 50u);
    contexts.insert(*e.parts->user_context_message);
    EXPECT_EQ(builtin().count(e.prompt.str()), 200u);
  }
  // One context drawn per entry; the sonnet corpus is only ~2 200 o200k tokens, so a few
  // 50-token windows may start at the same place.
  EXPECT_GT(contexts.size(), d.entries.size() * 9 / 10);
}

TEST(SessionPrompts, DoNotChangeTheTurnPromptsOfTheSameSeed) {
  ProfileConfig c = config(20);
  Dataset plain = build_synthetic_dataset(c, builtin());
  c.shared_system_prompt_length = 30;
  c.user_context_prompt_length = 30;
  Dataset with = build_synthetic_dataset(c, builtin());
  for (size_t i = 0; i < plain.entries.size(); ++i)
    EXPECT_EQ(plain.entries[i].prompt.str(), with.entries[i].prompt.str());
}

TEST(Determinism, SameSeedSameDatasetWhateverTheWorkerCount) {
  ProfileConfig c = config(50);
  c.prefix_pool_size = 3;
  c.prefix_length = 16;
  c.sequence_distribution = {{64, 5, 8, 2, 1}, {256, 0, 32, 0, 2}};
  Dataset reference = build_synthetic_dataset(c, builtin());
  for (int64_t workers : {1, 4, 32}) {
    ProfileConfig w = c;
    w.workers_max = workers;
    w.concurrency = workers * 3;
    Dataset d = build_synthetic_dataset(w, builtin());
    ASSERT_EQ(d.entries.size(), reference.entries.size());
    for (size_t i = 0; i < d.entries.size(); ++i) {
      EXPECT_EQ(d.entries[i].prompt.str(), reference.entries[i].prompt.str()) << "workers " << workers;
      EXPECT_EQ(d.entries[i].max_tokens, reference.entries[i].max_tokens);
      EXPECT_EQ(d.entries[i].conversation_id, reference.entries[i].conversation_id);
    }
  }
}

TEST(SequenceDistribution, BucketFrequenciesFollowRelativeWeights) {
  std::vector<SequenceLengthBucket> buckets = {{1, 0, 1, 0, 1}, {2, 0, 2, 0, 3}, {3, 0, 3, 0, 0},
                                               {4, 0, 4, 0, 6}};
  std::mt19937_64 rng(5);
  std::vector<int> hits(buckets.size());
  const int draws = 100'000;
  for (int i = 0; i < draws; ++i) ++hits[pick_bucket(buckets, rng)];
  EXPECT_NEAR(hits[0] / double(draws), 0.1, 0.01);
  EXPECT_NEAR(hits[1] / double(draws), 0.3, 0.01);
  EXPECT_EQ(hits[2], 0);  // zero weight is never drawn
  EXPECT_NEAR(hits[3] / double(draws), 0.6, 0.01);
}

TEST(SequenceDistribution, DatasetDrawsIslAndOslFromTheSameBucket) {
  ProfileConfig c = config(4000);
  c.isl_mean = 999;  // --seq-dist replaces --isl/--osl
  c.sequence_distribution = {{128, 0, 64, 0, 25}, {512, 0, 128, 0, 75}};
  WordTokenizer words("w");
  std::map<std::pair<int64_t, int64_t>, int> seen;
  for (const DatasetEntry& e : build_synthetic_dataset(c, words).entries) {
    ASSERT_TRUE(e.max_tokens);
    ++seen[{e.intended_input_tokens, *e.max_tokens}];
    EXPECT_EQ(int64_t(words.count(e.prompt.str())), e.intended_input_tokens);
  }
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_NEAR((seen[{128, 64}]) / 4000.0, 0.25, 0.03);
  EXPECT_NEAR((seen[{512, 128}]) / 4000.0, 0.75, 0.03);
}

TEST(SequenceDistribution, StddevsVaryLengthsClampedAtOne) {
  ProfileConfig c = config(500);
  c.sequence_distribution = {{2, 5, 2, 5, 1}};
  std::set<int64_t> isl;
  for (const DatasetEntry& e : build_synthetic_dataset(c, WordTokenizer("w")).entries) {
    EXPECT_GE(e.intended_input_tokens, 1);
    EXPECT_GE(*e.max_tokens, 1);
    isl.insert(e.intended_input_tokens);
  }
  EXPECT_GT(isl.size(), 5u);
}

}  // namespace
}  // namespace aiperf
