#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

using TraceFile = test_support::TempTextFile;

ProfileConfig config_for(const TraceFile& f, CustomDatasetType type) {
  return test_support::file_dataset_config(f.path, type);
}

using test_support::file_dataset_error;

using test_support::word_count;

TEST(MooncakeTrace, PromptsOfExactLengthWithTimestampsInFileOrder) {
  TraceFile f(
      "{\"timestamp\": 250.5, \"input_length\": 40, \"output_length\": 3}\n"
      "\n"
      "{\"timestamp\": 0, \"input_length\": 7, \"output_length\": 9}\n"
      "{\"text_input\": \"literal prompt\", \"output_length\": 1}\n");
  FileDataset d = load_input_file(config_for(f, CustomDatasetType::mooncake_trace), WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  EXPECT_EQ(word_count(d.dataset.entries[0].prompt.str()), 40u);
  EXPECT_EQ(word_count(d.dataset.entries[1].prompt.str()), 7u);
  EXPECT_EQ(d.dataset.entries[2].prompt.str(), "literal prompt");
  EXPECT_EQ(d.dataset.entries[0].max_tokens, 3);
  EXPECT_EQ(d.dataset.entries[1].max_tokens, 9);
  EXPECT_EQ(d.timestamps_ms[0], 250.5);
  EXPECT_EQ(d.timestamps_ms[1], 0.0);
  EXPECT_FALSE(d.timestamps_ms[2]);
  EXPECT_EQ(d.lines, (std::vector<size_t>{1, 3, 4}));  // blank lines skipped, still counted
  EXPECT_EQ(d.dataset.entries[0].conversation_id, "session_000000");
  EXPECT_EQ(d.dataset.entries[0].model, "m");
}

TEST(MooncakeTrace, SharedHashIdPrefixesGiveSharedPromptPrefixes) {
  TraceFile f(
      "{\"timestamp\": 0, \"input_length\": 25, \"output_length\": 1, \"hash_ids\": [7, 8, 9]}\n"
      "{\"timestamp\": 1, \"input_length\": 30, \"output_length\": 1, \"hash_ids\": [7, 8, 10]}\n"
      "{\"timestamp\": 2, \"input_length\": 50, \"output_length\": 1, \"hash_ids\": [7]}\n");
  ProfileConfig c = config_for(f, CustomDatasetType::mooncake_trace);
  c.isl_block_size = 10;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  const auto& e = d.dataset.entries;
  EXPECT_EQ(word_count(e[0].prompt.str()), 25u);
  EXPECT_EQ(word_count(e[1].prompt.str()), 30u);
  EXPECT_EQ(word_count(e[2].prompt.str()), 50u);  // one block, then 40 fresh tokens
  auto first_words = [](const std::string& s, size_t n) {
    size_t pos = 0;
    for (size_t i = 0; i < n && pos != std::string::npos; ++i) pos = s.find(' ', pos + 1);
    return s.substr(0, pos);
  };
  EXPECT_EQ(first_words(e[0].prompt.str(), 20), first_words(e[1].prompt.str(), 20));  // blocks 7, 8
  EXPECT_EQ(first_words(e[0].prompt.str(), 10), first_words(e[2].prompt.str(), 10));  // block 7
  EXPECT_NE(first_words(e[0].prompt.str(), 21), first_words(e[1].prompt.str(), 21));  // 9 vs 10
  // Block text depends on the id and seed only: a second load gives the same prompts.
  FileDataset again = load_input_file(c, WordTokenizer("w"));
  EXPECT_EQ(again.dataset.entries[1].prompt.str(), e[1].prompt.str());
}

TEST(MooncakeTrace, OutputLengthFallsBackToOsl) {
  TraceFile f("{\"input_length\": 5}\n");
  ProfileConfig c = config_for(f, CustomDatasetType::mooncake_trace);
  EXPECT_FALSE(load_input_file(c, WordTokenizer("w")).dataset.entries[0].max_tokens);
  c.osl_mean = 12;
  EXPECT_EQ(load_input_file(c, WordTokenizer("w")).dataset.entries[0].max_tokens, 12);
}

TEST(SingleTurn, TextTextsAndOutputLength) {
  TraceFile f(
      "{\"text\": \"hello there\", \"timestamp\": 10, \"output_length\": 4}\n"
      "{\"texts\": [\"only one\"], \"max_tokens\": 6, \"session_id\": \"s1\"}\n"
      "{\"texts\": [{\"name\": \"q\", \"contents\": [\"named\"]}]}\n");
  FileDataset d = load_input_file(config_for(f, CustomDatasetType::single_turn), WordTokenizer("w"));
  ASSERT_EQ(d.dataset.entries.size(), 3u);
  EXPECT_EQ(d.dataset.entries[0].prompt.str(), "hello there");
  EXPECT_EQ(d.dataset.entries[0].max_tokens, 4);
  EXPECT_EQ(d.timestamps_ms[0], 10.0);
  EXPECT_EQ(d.dataset.entries[1].prompt.str(), "only one");
  EXPECT_EQ(d.dataset.entries[1].max_tokens, 6);
  EXPECT_EQ(d.dataset.entries[1].conversation_id, "s1");
  EXPECT_EQ(d.dataset.entries[2].prompt.str(), "named");
  EXPECT_FALSE(d.dataset.entries[2].max_tokens);
}

TEST(InputFile, MalformedInputNamesFileAndLine) {
  const auto mc = CustomDatasetType::mooncake_trace;
  const auto st = CustomDatasetType::single_turn;
  EXPECT_THAT(file_dataset_error("{\"input_length\": 5}\n{\"input_length\": 5,,}\n", mc),
              HasSubstr(", line 2: invalid JSON: parse error"));
  EXPECT_THAT(file_dataset_error("", mc), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("\n  \n", st), HasSubstr("the file has no records"));
  EXPECT_THAT(file_dataset_error("{\"output_length\": 5}\n", mc),
              HasSubstr("line 1: missing required field 'input_length'"));
  EXPECT_THAT(file_dataset_error("{\"timestamp\": 1}\n", st), HasSubstr("line 1: missing required field 'text'"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 5, \"timestamp\": -3}\n", mc),
              HasSubstr("line 1: 'timestamp' must be >= 0, got -3"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": \"5\"}\n", mc), HasSubstr("'input_length' must be an integer"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 0}\n", mc), HasSubstr("'input_length' must be >= 1"));
  EXPECT_THAT(file_dataset_error("[1, 2]\n", mc), HasSubstr("line 1: expected a JSON object, got array"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 5, \"hash_ids\": [1, \"x\"]}\n", mc),
              HasSubstr("'hash_ids' must be a list of integers"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 5, \"hash_ids\": [1, 2]}\n", mc),
              HasSubstr("too short for 2 hash_ids of 512 tokens"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\", \"texts\": [\"b\"]}\n", st), HasSubstr("mutually exclusive"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\", \"image\": \"x.png\"}\n", st), HasSubstr("line 1: image file 'x.png' not found"));
  EXPECT_THAT(file_dataset_error("{\"messages\": []}\n", mc), HasSubstr("field 'messages' is not supported yet"));
  EXPECT_THAT(file_dataset_error("{\"text\": \"a\", \"delay\": 100}\n", st),
              HasSubstr("line 1: 'delay' on a conversation's first row is not supported yet"));
  EXPECT_THAT(file_dataset_error("{\"input_length\": 5, \"delay\": 100}\n", mc),
              HasSubstr("line 1: 'delay' on a conversation's first row is not supported yet"));
  // A later row of a session: timestamps in order, and timestamp and delay exclude each other.
  EXPECT_THAT(file_dataset_error("{\"session_id\": \"a\", \"text\": \"x\", \"timestamp\": 9}\n"
                         "{\"session_id\": \"a\", \"text\": \"y\", \"timestamp\": 4}\n", st),
              HasSubstr("line 2: 'timestamp' 4.0 is before the 9.0 of the previous row of session 'a'"));
  EXPECT_THAT(file_dataset_error("{\"session_id\": \"a\", \"text\": \"x\"}\n"
                         "{\"session_id\": \"a\", \"text\": \"y\", \"timestamp\": 4, \"delay\": 1}\n", st),
              HasSubstr("line 2: 'timestamp' and 'delay' are mutually exclusive"));
  std::string missing;
  try {
    ProfileConfig c;
    c.model_names = {"m"};
    c.input_file = "/nonexistent/t.jsonl";
    load_input_file(c, WordTokenizer("w"));
  } catch (const ConfigError& e) {
    missing = e.what();
  }
  EXPECT_EQ(missing, "--input-file /nonexistent/t.jsonl: cannot open file");
}

}  // namespace
}  // namespace aiperf
