#include <gtest/gtest.h>

#include <set>

#include "dataset/dataset.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf {
namespace {

ProfileConfig multi_turn_config() {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 5;
  c.num_dataset_entries = 6;
  c.isl_mean = 12;
  c.osl_mean = 4;
  c.conversation_turn_mean = 3;
  c.conversation_turn_delay_mean_ms = 200;
  c.conversation_turn_delay_ratio = 0.5;
  return c;
}

TEST(MultiTurnDataset, TurnsDelaysAndLengths) {
  Dataset d = build_synthetic_dataset(multi_turn_config(), WordTokenizer("w"));
  ASSERT_EQ(d.entries.size(), 6u);
  for (const DatasetEntry& e : d.entries) {
    ASSERT_EQ(e.turn_count(), 3u);  // stddev 0: exactly the mean
    for (const DatasetTurn& t : e.later_turns) {
      EXPECT_EQ(t.delay_ms, 100.0);  // mean x ratio; never before the first turn (it has none)
      EXPECT_EQ(t.intended_input_tokens, 12);
      EXPECT_EQ(t.max_tokens, 4);
      EXPECT_EQ(WordTokenizer("w").count(t.prompt.str()), 12u);
      EXPECT_NE(t.prompt.str(), e.prompt.str());
    }
  }
}

TEST(MultiTurnDataset, VariableTurnCountsAreAtLeastOneAndSeeded) {
  ProfileConfig c = multi_turn_config();
  c.conversation_turn_stddev = 2;
  c.num_dataset_entries = 50;
  Dataset a = build_synthetic_dataset(c, WordTokenizer("w"));
  Dataset b = build_synthetic_dataset(c, WordTokenizer("w"));
  std::set<uint32_t> counts;
  for (size_t i = 0; i < a.entries.size(); ++i) {
    EXPECT_GE(a.entries[i].turn_count(), 1u);
    counts.insert(a.entries[i].turn_count());
    ASSERT_EQ(a.entries[i].turn_count(), b.entries[i].turn_count());
    for (size_t t = 0; t < a.entries[i].later_turns.size(); ++t)
      EXPECT_EQ(a.entries[i].later_turns[t].prompt.str(), b.entries[i].later_turns[t].prompt.str());
  }
  EXPECT_GT(counts.size(), 2u);
}

TEST(MultiTurnDataset, FirstTurnsMatchTheSingleTurnDatasetOfTheSameSeed) {
  ProfileConfig single = multi_turn_config();
  single.conversation_turn_mean = 1;
  Dataset one = build_synthetic_dataset(single, WordTokenizer("w"));
  Dataset many = build_synthetic_dataset(multi_turn_config(), WordTokenizer("w"));
  for (size_t i = 0; i < one.entries.size(); ++i) {
    EXPECT_TRUE(one.entries[i].later_turns.empty());
    EXPECT_EQ(one.entries[i].prompt.str(), many.entries[i].prompt.str());
  }
}

TEST(MultiTurnDataset, NoDelayUnlessAsked) {
  ProfileConfig c = multi_turn_config();
  c.conversation_turn_delay_mean_ms = 0;
  for (const DatasetEntry& e : build_synthetic_dataset(c, WordTokenizer("w")).entries)
    for (const DatasetTurn& t : e.later_turns) EXPECT_EQ(t.delay_ms, 0.0);
}

TEST(MultiTurnDataset, ConversationNumSizesTheDataset) {
  ProfileConfig c = multi_turn_config();
  c.conversation_num = 9;
  EXPECT_EQ(build_synthetic_dataset(c, WordTokenizer("w")).entries.size(), 9u);
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// The kinds of DatasetEntry (dataset.h): what an entry lacks costs a pointer and reads as empty;
// copies own their parts.
TEST(DatasetEntryKinds, AbsentPartsReadEmptyAndCopiesAreDeep) {
  DatasetEntry text;
  EXPECT_EQ(text.kind(), DatasetEntry::Kind::text);
  EXPECT_FALSE(text.parts);
  EXPECT_EQ(text.parts->role, "user");
  EXPECT_TRUE(text.parts->turn_media.empty());
  EXPECT_FALSE(text.parts);  // reading did not allocate
  EXPECT_EQ(text.turn_count(), 1u);

  text.parts.edit().passages = {"p"};
  DatasetEntry copy = text;
  copy.parts.edit().passages[0] = "changed";
  EXPECT_EQ(text.parts->passages[0], "p");

  DatasetEntry recorded;
  recorded.recorded.edit().raw_bodies = {"{}", "{}"};
  recorded.later_turns.resize(1);
  EXPECT_EQ(recorded.kind(), DatasetEntry::Kind::recorded);
  EXPECT_EQ(recorded.turn_count(), 2u);

  DatasetEntry messages;
  messages.agentic.edit().turns.resize(3);
  EXPECT_EQ(messages.kind(), DatasetEntry::Kind::messages);
  EXPECT_EQ(messages.turn_count(), 3u);
  EXPECT_TRUE(messages.agentic->capture_replies);
}

}  // namespace
}  // namespace aiperf
