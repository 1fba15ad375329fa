#include <gtest/gtest.h>

#include <set>

#include "common/rng_stream.h"
#include "dataset/dataset.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

ProfileConfig config_with_seed(std::optional<uint64_t> seed) {
  ProfileConfig c;
  c.model_names = {"first", "second"};
  c.random_seed = seed;
  c.num_dataset_entries = 20;
  c.isl_mean = 64;
  return c;
}

TEST(SyntheticDataset, SameSeedSameDataset) {
  ProfileConfig c = config_with_seed(42);
  c.isl_stddev = 10;
  c.osl_mean = 32;
  c.osl_stddev = 5;
  Dataset a = build_synthetic_dataset(c, WordTokenizer("w"));
  Dataset b = build_synthetic_dataset(c, WordTokenizer("w"));
  ASSERT_EQ(a.entries.size(), 20u);
  for (size_t i = 0; i < a.entries.size(); ++i) {
    EXPECT_EQ(a.entries[i].prompt.str(), b.entries[i].prompt.str());
    EXPECT_EQ(a.entries[i].intended_input_tokens, b.entries[i].intended_input_tokens);
    EXPECT_EQ(a.entries[i].max_tokens, b.entries[i].max_tokens);
    EXPECT_EQ(a.entries[i].conversation_id, b.entries[i].conversation_id);
  }
  c.random_seed = 43;
  Dataset other = build_synthetic_dataset(c, WordTokenizer("w"));
  EXPECT_NE(a.entries[0].prompt.str(), other.entries[0].prompt.str());
}

TEST(SyntheticDataset, PromptsHaveExactlyTheIntendedWordCount) {
  ProfileConfig c = config_with_seed(1);
  c.isl_stddev = 20;
  WordTokenizer t("w");
  Dataset d = build_synthetic_dataset(c, t);
  std::set<int64_t> lengths;
  for (const DatasetEntry& e : d.entries) {
    EXPECT_EQ(int64_t(t.count(e.prompt.str())), e.intended_input_tokens);
    lengths.insert(e.intended_input_tokens);
  }
  EXPECT_GT(lengths.size(), 5u);  // the stddev really varies the lengths
}

TEST(SyntheticDataset, FixedLengthsWithoutStddev) {
  ProfileConfig c = config_with_seed(1);
  c.osl_mean = 16;
  for (const DatasetEntry& e : build_synthetic_dataset(c, WordTokenizer("w")).entries) {
    EXPECT_EQ(e.intended_input_tokens, 64);
    EXPECT_EQ(e.max_tokens, 16);
    EXPECT_EQ(e.model, "first");
  }
}

TEST(SyntheticDataset, NoMaxTokensWithoutOsl) {
  for (const DatasetEntry& e :
       build_synthetic_dataset(config_with_seed(1), WordTokenizer("w")).entries)
    EXPECT_FALSE(e.max_tokens.has_value());
}

TEST(SyntheticDataset, OslSamplingStaysPositive) {
  ProfileConfig c = config_with_seed(9);
  c.num_dataset_entries = 200;
  c.osl_mean = 3;
  c.osl_stddev = 4;
  std::set<int64_t> seen;
  for (const DatasetEntry& e : build_synthetic_dataset(c, WordTokenizer("w")).entries) {
    ASSERT_TRUE(e.max_tokens.has_value());
    EXPECT_GE(*e.max_tokens, 1);
    seen.insert(*e.max_tokens);
  }
  EXPECT_GT(seen.size(), 3u);
}

TEST(SyntheticDataset, SessionIds) {
  Dataset seeded = build_synthetic_dataset(config_with_seed(5), WordTokenizer("w"));
  EXPECT_EQ(seeded.entries[0].conversation_id, "session_000000");
  EXPECT_EQ(seeded.entries[19].conversation_id, "session_000019");
  Dataset unseeded = build_synthetic_dataset(config_with_seed(std::nullopt), WordTokenizer("w"));
  std::set<std::string> ids;
  for (const DatasetEntry& e : unseeded.entries) {
    EXPECT_EQ(e.conversation_id.size(), 36u) << e.conversation_id;  // a UUID
    ids.insert(e.conversation_id);
  }
  EXPECT_EQ(ids.size(), unseeded.entries.size());
}

TEST(RngStream, StreamsAreIndependentAndReproducible) {
  EXPECT_EQ(make_rng_stream(1, "a")(), make_rng_stream(1, "a")());
  EXPECT_NE(make_rng_stream(1, "a")(), make_rng_stream(1, "b")());
  EXPECT_NE(make_rng_stream(1, "a")(), make_rng_stream(2, "a")());
}

}  // namespace
}  // namespace aiperf
