// --public-dataset from local files (workloads-and-endpoints.md §4): ShareGPT's rules and
// drop counts, HF hub cache layouts built in a temporary directory, and the error messages.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "dataset/public/public_dataset.h"
#include "public_dataset_fixture.h"
#include "tokenizer/word_tokenizer.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

std::string numbered_words(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " w" : "w") + std::to_string(i);
  return s;
}

// A temporary HOME, HF cache and dataset cache; the environment is restored afterwards.
using PublicDatasetTest = PublicDatasetFixture;

std::string message(const char* from, int n) {
  return std::string("{\"from\": \"") + from + "\", \"value\": \"" + numbered_words(n) + "\"}";
}
std::string entry(std::initializer_list<std::string> messages) {
  std::string s = "{\"id\": \"x\", \"conversations\": [";
  for (const std::string& m : messages) s += (s.back() == '[' ? "" : ", ") + m;
  return s + "]}";
}

std::string sharegpt_file() {
  return "[" +
         entry({message("human", 5), message("gpt", 6), message("human", 7), message("gpt", 8)}) + ",\n" +  // kept, 2 turns
         entry({message("human", 5)}) + ",\n" +                                                            // < 2 messages
         "{\"id\": \"no conversations\"},\n" +                                                             // < 2 messages
         entry({message("human", 3), message("gpt", 6)}) + ",\n" +                                         // prompt < 4
         entry({message("human", 5), message("gpt", 3)}) + ",\n" +                                         // completion < 4
         entry({message("human", 1025), message("gpt", 6)}) + ",\n" +                                     // prompt > 1024
         entry({message("human", 1000), message("gpt", 1049)}) + ",\n" +                                   // total > 2048
         entry({message("gpt", 5), message("human", 6)}) + ",\n" +                                         // no pair
         entry({message("human", 5), message("gpt", 6), message("human", 2), message("gpt", 6)}) + ",\n" +  // 2nd pair fails
         "{\"conversations\": [{\"value\": \"" + numbered_words(4) + "\"}, {\"value\": \"" + numbered_words(9) + "\"}]},\n" +  // no roles
         entry({message("human", 4), message("human", 5), message("gpt", 6), message("system", 4), message("human", 6),
                message("gpt", 4)}) +  // pairs found past other roles
         "]";
}

TEST_F(PublicDatasetTest, ShareGptTurnsLengthRulesAndDropCounts) {
  write(root_ / "home/.cache/aiperf/datasets" / kShareGptFile, sharegpt_file());
  Dataset d = load(config("sharegpt"));
  ASSERT_EQ(d.entries.size(), 3u);
  const DatasetEntry& a = d.entries[0];
  EXPECT_EQ(a.conversation_id, "session_000000");
  EXPECT_EQ(a.prompt.str(), numbered_words(5));
  EXPECT_EQ(a.intended_input_tokens, 5);
  EXPECT_EQ(a.max_tokens, 6);  // the recorded completion's length
  ASSERT_EQ(a.later_turns.size(), 1u);
  EXPECT_EQ(a.later_turns[0].prompt.str(), numbered_words(7));
  EXPECT_EQ(a.later_turns[0].max_tokens, 8);
  EXPECT_EQ(d.entries[1].prompt.str(), numbered_words(4));  // no roles: the first two values
  EXPECT_EQ(d.entries[1].max_tokens, 9);
  EXPECT_EQ(d.entries[2].prompt.str(), numbered_words(5));
  ASSERT_EQ(d.entries[2].later_turns.size(), 1u);
  EXPECT_EQ(d.entries[2].later_turns[0].prompt.str(), numbered_words(6));
  EXPECT_EQ(d.entries[2].later_turns[0].max_tokens, 4);
  EXPECT_THAT(notes_.str(), HasSubstr("11 entries, kept 3 conversations (5 turns); skipped 2 with fewer than 2 messages; "
                                      "dropped 6 (2 prompt < 4 tokens, 1 completion < 4 tokens, 1 prompt > 1024 tokens, "
                                      "1 prompt+completion > 2048 tokens, 1 no human->gpt pair)"));
}

TEST_F(PublicDatasetTest, ShareGptWithOslKeepsShortCompletionsAndCapsEveryTurn) {
  ::setenv("AIPERF_DATASET_CACHE_DIR", (root_ / "mine").c_str(), 1);
  load_env_settings();
  write(root_ / "mine" / kShareGptFile, sharegpt_file());
  ProfileConfig c = config("sharegpt");
  c.osl_mean = 32;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 4u);
  for (const DatasetEntry& e : d.entries) {
    EXPECT_EQ(e.max_tokens, 32);
    for (const DatasetTurn& t : e.later_turns) EXPECT_EQ(t.max_tokens, 32);
  }
  EXPECT_EQ(d.entries[1].prompt.str(), numbered_words(5));  // completion < 4 is no longer a reason
  EXPECT_THAT(notes_.str(), HasSubstr(root_.string() + "/mine/"));
}

TEST_F(PublicDatasetTest, ShareGptOnCompletionsSendsFirstTurnsOnly) {
  write(root_ / "home/.cache/aiperf/datasets" / kShareGptFile, sharegpt_file());
  ProfileConfig c = config("sharegpt");
  c.endpoint_type = EndpointType::completions;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 3u);
  for (const DatasetEntry& e : d.entries) EXPECT_TRUE(e.later_turns.empty());
  EXPECT_THAT(notes_.str(), HasSubstr("each conversation sends its first turn only (2 later turns not sent)"));
}

TEST_F(PublicDatasetTest, ShareGptFromTheHubCacheAndTheMissingFileMessage) {
  const std::string missing = error(config("sharegpt"));
  EXPECT_THAT(missing, HasSubstr("--public-dataset sharegpt: ShareGPT_V3_unfiltered_cleaned_split.json not found; searched "
                                 ".cache/aiperf/datasets, " + root_.string() + "/home/.cache/aiperf/datasets, " +
                                 root_.string() + "/hub/datasets--anon8231489123--ShareGPT_Vicuna_unfiltered/snapshots/"));
  EXPECT_THAT(missing, HasSubstr("https://huggingface.co/datasets/anon8231489123/ShareGPT_Vicuna_unfiltered/resolve/main/"));
  EXPECT_EQ(missing.find('\n'), std::string::npos);

  write(snapshot("datasets--anon8231489123--ShareGPT_Vicuna_unfiltered") / kShareGptFile, sharegpt_file());
  EXPECT_EQ(load(config("sharegpt")).entries.size(), 3u);
}

TEST_F(PublicDatasetTest, ShareGptMalformedFileNamesFileAndLine) {
  write(root_ / "home/.cache/aiperf/datasets" / kShareGptFile, "[\n{\"conversations\": [\n{\"from\": \"human\", \"value\": 3}]}]");
  EXPECT_THAT(error(config("sharegpt")), HasSubstr(kShareGptFile.data() + std::string(", line 3: a message needs a string 'value'")));
  write(root_ / "home/.cache/aiperf/datasets" / kShareGptFile, "{\"conversations\": []}");
  EXPECT_THAT(error(config("sharegpt")), HasSubstr("expected a JSON list of conversations"));
}

TEST_F(PublicDatasetTest, TextColumnPicksSubsetAndSplitFiles) {
  // HF_HOME/hub is the cache when HF_HUB_CACHE is not set.
  ::unsetenv("HF_HUB_CACHE");
  ::setenv("HF_HOME", (root_ / "hub").c_str(), 1);
  fs::create_directories(root_ / "hub");
  fs::rename(root_ / "hub", root_ / "hubtmp");
  fs::create_directories(root_ / "hub");
  fs::rename(root_ / "hubtmp", root_ / "hub" / "hub");
  fs::path snap = root_ / "hub/hub/datasets--openai--gsm8k/snapshots/0123abc";
  write(root_ / "hub/hub/datasets--openai--gsm8k/refs/main", "0123abc\n");
  write(snap / "main/test-00000-of-00001.jsonl", "{\"question\": \"q1\", \"answer\": \"a\"}\n\n{\"question\": \"q2\"}\n");
  write(snap / "main/train-00000-of-00001.jsonl", "{\"question\": \"train\"}\n");
  write(snap / "socratic/test-00000-of-00001.jsonl", "{\"question\": \"s1\"}\n");
  write(snap / "README.md", "#");
  ProfileConfig c = config("spec_al_gsm8k");
  c.osl_mean = 16;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "q1");
  EXPECT_EQ(d.entries[1].prompt.str(), "q2");
  EXPECT_EQ(d.entries[0].max_tokens, 16);
  EXPECT_TRUE(d.entries[0].later_turns.empty());
  c.hf_subset = "socratic";
  d = load(c);
  ASSERT_EQ(d.entries.size(), 1u);
  EXPECT_EQ(d.entries[0].prompt.str(), "s1");
  c.hf_subset = "nope";
  EXPECT_THAT(error(c), HasSubstr("no .json, .jsonl, .csv or .parquet file for the split 'test' of subset 'nope' in " +
                                  snap.string()));
}

TEST_F(PublicDatasetTest, NumDatasetEntriesKeepsTheFirstEligibleEntries) {
  write(root_ / "home/.cache/aiperf/datasets" / kShareGptFile, sharegpt_file());
  ProfileConfig c = config("sharegpt");
  c.num_dataset_entries = 2;
  c.num_dataset_entries_given = true;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);  // of the 3 that pass the length rules, in file order
  EXPECT_EQ(d.entries[0].prompt.str(), numbered_words(5));
  EXPECT_EQ(d.entries[1].prompt.str(), numbered_words(4));  // the first two values of the role-less entry
  EXPECT_THAT(notes_.str(), HasSubstr("kept 2 conversations"));
  EXPECT_THAT(notes_.str(), HasSubstr("kept the first 2 of 3 passing (--num-dataset-entries)"));

  fs::path aime = snapshot("datasets--AI-MO--aimo-validation-aime");
  write(aime / "data.jsonl", "{\"problem\": \"p1\"}\n{\"problem\": \"p2\"}\n{\"problem\": \"p3\"}\n");
  c = config("aimo_aime");
  c.num_dataset_entries = 2;
  c.num_dataset_entries_given = true;
  d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[1].prompt.str(), "p2");
  EXPECT_THAT(notes_.str(), HasSubstr("(the first 2 of 3 rows, --num-dataset-entries)"));
  c.num_dataset_entries = 100;  // more than the rows: all of them, nothing said
  EXPECT_EQ(load(c).entries.size(), 3u);
  c.num_dataset_entries_given = false;
  c.num_dataset_entries = 1;  // the synthetic default does not bound a public dataset
  EXPECT_EQ(load(c).entries.size(), 3u);
}

TEST_F(PublicDatasetTest, TextColumnReadsJsonListsCsvAndRefusesBrokenParquet) {
  fs::path aime = snapshot("datasets--AI-MO--aimo-validation-aime");
  write(aime / "data.json", "[{\"problem\": \"p1\"}, {\"problem\": \"p2\\nline\"}]");  // no split name: train
  Dataset d = load(config("aimo_aime"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[1].prompt.str(), "p2\nline");
  EXPECT_FALSE(d.entries[0].max_tokens);  // no --osl: no cap

  fs::path mbpp = snapshot("datasets--google-research-datasets--mbpp");
  write(mbpp / "full/test.csv", "task_id,text,code\n1,\"Write a function, \"\"f\"\"\nthat adds\",x\n2,plain,y\n");
  d = load(config("spec_al_mbpp"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "Write a function, \"f\"\nthat adds");
  EXPECT_EQ(d.entries[1].prompt.str(), "plain");

  fs::path math = snapshot("datasets--HuggingFaceH4--MATH-500");
  write(math / "test.parquet", "PAR1");
  EXPECT_THAT(error(config("spec_al_math500")),
              HasSubstr("--public-dataset spec_al_math500: " + (math / "test.parquet").string() + ": not a Parquet file"));
  write(math / "test.jsonl", "{\"solution\": \"s\"}\n");
  EXPECT_THAT(error(config("spec_al_math500")), HasSubstr((math / "test.jsonl").string() + ", line 1: no 'problem' column"));
  EXPECT_THAT(notes_.str(), HasSubstr("ignoring the Parquet file(s)"));

  EXPECT_THAT(error(config("aimo")),
              HasSubstr("--public-dataset aimo: the HuggingFace dataset AI-MO/NuminaMath-TIR is not in the cache; searched " +
                        root_.string() + "/hub/datasets--AI-MO--NuminaMath-TIR/snapshots/"));
}

}  // namespace
}  // namespace aiperf
