// mooncake_trace rows grouped by session_id into multi-turn conversations, and hash_id
// prefixes checked at the token level (workloads-and-endpoints.md §3.4).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using TextFile = test_support::TempTextFile;

ProfileConfig mooncake_config(const std::string& path) {
  return test_support::file_dataset_config(path, CustomDatasetType::mooncake_trace);
}

std::string mooncake_error(const std::string& text, EndpointType endpoint = EndpointType::chat) {
  return test_support::file_dataset_error(text, CustomDatasetType::mooncake_trace, endpoint);
}

using test_support::word_count;

TEST(MooncakeSessions, RowsSharingASessionIdAreTurnsOfOneConversationInFileOrder) {
  TextFile f(
      "{\"session_id\": \"s9\", \"timestamp\": 100, \"input_length\": 30, \"output_length\": 3}\n"
      "{\"timestamp\": 50, \"input_length\": 7}\n"
      "{\"session_id\": \"s9\", \"delay\": 1500, \"input_length\": 12, \"output_length\": 5}\n"
      "{\"session_id\": \"d1\", \"text_input\": \"hi there\"}\n"
      "{\"session_id\": \"s9\", \"timestamp\": 4000, \"input_length\": 4, \"hash_ids\": [1]}\n");
  ProfileConfig c = mooncake_config(f.path);
  c.conversation_turn_delay_ratio = 0.5;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  const DatasetEntry& s9 = d.dataset.entries[0];
  EXPECT_EQ(s9.conversation_id, "s9");
  EXPECT_EQ(word_count(s9.prompt.str()), 30u);
  EXPECT_EQ(s9.max_tokens, 3);
  EXPECT_TRUE(s9.resend_history);  // each row is the turn's new input (deltas_without_responses)
  ASSERT_EQ(s9.later_turns.size(), 2u);
  EXPECT_EQ(word_count(s9.later_turns[0].prompt.str()), 12u);
  EXPECT_EQ(s9.later_turns[0].intended_input_tokens, 12);
  EXPECT_EQ(s9.later_turns[0].max_tokens, 5);
  EXPECT_EQ(s9.later_turns[0].delay_ms, 750.0);  // times --conversation-turn-delay-ratio
  EXPECT_FALSE(s9.later_turns[0].timestamp_ms);
  EXPECT_EQ(word_count(s9.later_turns[1].prompt.str()), 4u);
  EXPECT_EQ(s9.later_turns[1].timestamp_ms, 4000.0);
  EXPECT_EQ(s9.later_turns[1].delay_ms, 0.0);
  // A row without a session id is a conversation of its own.
  EXPECT_EQ(d.dataset.entries[1].conversation_id, "session_000001");
  EXPECT_TRUE(d.dataset.entries[1].later_turns.empty());
  EXPECT_EQ(d.dataset.entries[2].conversation_id, "d1");
  EXPECT_EQ(d.dataset.entries[2].prompt.str(), "hi there");
  // The conversation is scheduled by its first row.
  EXPECT_EQ(d.timestamps_ms, (std::vector<std::optional<double>>{100.0, 50.0, std::nullopt}));
  EXPECT_EQ(d.lines, (std::vector<size_t>{1, 2, 4}));
}

TEST(MooncakeSessions, BadSessionsNameFileAndLine) {
  EXPECT_THAT(mooncake_error("{\"session_id\": \"a\", \"timestamp\": 10, \"input_length\": 5}\n"
                         "{\"session_id\": \"a\", \"timestamp\": 9, \"input_length\": 5}\n"),
              HasSubstr("line 2: 'timestamp' 9.0 of session 'a' is before its previous row's 10.0"));
  EXPECT_THAT(mooncake_error("{\"session_id\": \"a\", \"input_length\": 5}\n"
                         "{\"session_id\": \"a\", \"timestamp\": 9, \"delay\": 5, \"input_length\": 5}\n"),
              HasSubstr("line 2: 'timestamp' and 'delay' are mutually exclusive"));
  EXPECT_THAT(mooncake_error("{\"session_id\": \"a\", \"delay\": 5, \"input_length\": 5}\n"),
              HasSubstr("line 1: 'delay' on a conversation's first row is not supported yet"));
  EXPECT_THAT(mooncake_error("{\"session_id\": \"a\", \"input_length\": 5}\n{\"session_id\": \"a\", \"input_length\": 5}\n",
                         EndpointType::completions),
              HasSubstr("line 1: a multi-turn conversation needs a chat endpoint"));
}

// Length of the common prefix of two token sequences.
size_t common_prefix(const std::vector<int32_t>& a, const std::vector<int32_t>& b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

// Rows whose hash_ids share k leading ids give prompts whose token sequences, encoded again
// by the tokenizer, share exactly k blocks: at least k·B tokens, fewer than (k+1)·B.
void expect_shared_blocks(const Tokenizer& tokenizer) {
  constexpr int64_t B = 16;
  TextFile f(
      "{\"input_length\": 64, \"hash_ids\": [1, 2, 3, 4]}\n"     // the reference row
      "{\"input_length\": 64, \"hash_ids\": [1, 2, 3, 5]}\n"     // 3 blocks shared
      "{\"input_length\": 40, \"hash_ids\": [1, 6, 7]}\n"        // 1 (last block partial)
      "{\"input_length\": 48, \"hash_ids\": [8, 2, 3]}\n"        // 0: same blocks, other start
      "{\"input_length\": 100, \"hash_ids\": [1, 2, 3, 4]}\n"    // 4, then a fresh tail
      "{\"input_length\": 64, \"hash_ids\": [1, 2, 9, 4]}\n");   // 2
  ProfileConfig c = mooncake_config(f.path);
  c.isl_block_size = B;
  FileDataset d = load_input_file(c, tokenizer);
  std::vector<std::vector<int32_t>> tokens;
  for (const DatasetEntry& e : d.dataset.entries) tokens.push_back(tokenizer.encode(e.prompt.str()));
  EXPECT_EQ(tokens[0].size(), 64u);
  EXPECT_EQ(tokens[4].size(), 100u);
  const size_t expected_blocks[] = {4, 3, 1, 0, 4, 2};
  for (size_t i = 1; i < tokens.size(); ++i)
    EXPECT_EQ(common_prefix(tokens[0], tokens[i]) / size_t(B), expected_blocks[i])
        << tokenizer.name() << ", row " << i + 1 << ": common prefix " << common_prefix(tokens[0], tokens[i]);
}

TEST(MooncakeTrace, SharedHashIdPrefixesShareExactlyThatManyTokenBlocks) {
  expect_shared_blocks(WordTokenizer("w"));
  std::unique_ptr<Tokenizer> builtin = make_tokenizer({"builtin", true, "main", false}, nullptr);
  expect_shared_blocks(*builtin);
}

}  // namespace
}  // namespace aiperf
