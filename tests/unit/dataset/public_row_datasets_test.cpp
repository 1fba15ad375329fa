// The public datasets whose rows need more than one text column (workloads-and-endpoints.md §4):
// spec_al_mtbench, blazedit_*, spec_bench, weka_hf / semianalysis_cc_traces_weka_*, speed_bench_*,
// read from small JSON / JSONL files laid out like the HF hub cache in a temporary directory.
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

using PublicRowDatasetTest = PublicDatasetFixture;

TEST_F(PublicRowDatasetTest, MtBenchRowsAreTwoTurnConversations) {
  write(repo_snapshot("HuggingFaceH4/mt_bench_prompts") / "raw/question.jsonl",
        R"({"prompt": ["Write a poem.", "Now shorter."], "prompt_id": 1, "category": "writing"})"
        "\n"
        R"({"prompt": ["Solve x+1=2.", "And x+2=2?"], "prompt_id": 2, "category": "math"})"
        "\n");
  ProfileConfig c = config("spec_al_mtbench");
  c.osl_mean = 20;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "Write a poem.");
  EXPECT_EQ(d.entries[0].max_tokens, 20);
  ASSERT_EQ(d.entries[0].later_turns.size(), 1u);
  EXPECT_EQ(d.entries[0].later_turns[0].prompt.str(), "Now shorter.");
  EXPECT_EQ(d.entries[0].later_turns[0].max_tokens, 20);
  EXPECT_TRUE(d.entries[0].resend_history);  // the live reply to turn 1 goes into turn 2's history
  EXPECT_EQ(d.entries[1].conversation_id, "session_000001");
  EXPECT_THAT(notes_.str(), HasSubstr("spec_al_mtbench: 2 conversations (4 turns) from "));

  c.endpoint_type = EndpointType::completions;
  Dataset first_only = load(c);
  EXPECT_TRUE(first_only.entries[0].later_turns.empty());
  EXPECT_THAT(notes_.str(), HasSubstr("first turn only (2 later turns not sent)"));
}

TEST_F(PublicRowDatasetTest, MtBenchBadRowNamesFileAndLine) {
  const fs::path f = repo_snapshot("HuggingFaceH4/mt_bench_prompts") / "train.jsonl";
  write(f, "{\"prompt\": [\"a\", \"b\"]}\n{\"prompt\": \"just text\"}\n");
  EXPECT_EQ(error(config("spec_al_mtbench")), "--public-dataset spec_al_mtbench: " + f.string() +
                                                  ", line 2: 'prompt' must be a non-empty list of strings (the user turns)");
}

TEST_F(PublicRowDatasetTest, BlazeditFillsTheTemplateAndKeepsTheFirstN) {
  const fs::path f = repo_snapshot("vdaita/edit_5k_char") / "data/train.json";
  write(f, R"([{"code": "def f():\n    return 1", "change": "return 2 instead"},
               {"code": "x = 1", "change": "rename x to y"},
               {"code": "y", "change": "z"}])");
  ProfileConfig c = config("blazedit_5k");
  c.num_dataset_entries = 2;
  c.num_dataset_entries_given = true;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), blazedit_prompt("def f():\n    return 1", "return 2 instead"));
  EXPECT_THAT(d.entries[0].prompt.str(), HasSubstr("```\ndef f():\n    return 1\n```"));
  EXPECT_THAT(d.entries[0].prompt.str(), HasSubstr("Change request:\nreturn 2 instead\n"));
  EXPECT_FALSE(d.entries[0].max_tokens);  // only --osl sets one
  EXPECT_THAT(notes_.str(), HasSubstr("(the first 2 of 3 rows, --num-dataset-entries)"));

  write(f, R"([{"code": "x", "change_request": "y"}])");
  EXPECT_EQ(error(c), "--public-dataset blazedit_5k: " + f.string() + ", row 1: 'change' must be a string");
  EXPECT_THAT(error(config("blazedit_10k")), HasSubstr("the HuggingFace dataset vdaita/edit_10k_char is not in the cache"));
}

TEST_F(PublicRowDatasetTest, SpecBenchSendsFirstTurnsFromTheDatasetCache) {
  const std::string missing = error(config("spec_bench"));
  EXPECT_THAT(missing, HasSubstr("--public-dataset spec_bench: spec_bench/question.jsonl not found; searched .cache/aiperf/datasets, " +
                                 root_.string() + "/home/.cache/aiperf/datasets, and HF_HUB_OFFLINE=1 forbids "
                                 "downloading it from https://raw.githubusercontent.com/"));
  ::setenv("AIPERF_DATASET_CACHE_DIR", (root_ / "cache").c_str(), 1);
  load_env_settings();
  write(root_ / "cache/spec_bench/question.jsonl",
        R"({"question_id": 81, "category": "writing", "turns": ["Compose a blog post.", "Rewrite it."]})"
        "\n"
        R"({"question_id": 161, "category": "translation", "turns": ["Translate: bonjour"]})"
        "\n");
  Dataset d = load(config("spec_bench"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "Compose a blog post.");
  EXPECT_TRUE(d.entries[0].later_turns.empty());
  EXPECT_EQ(d.entries[1].prompt.str(), "Translate: bonjour");
  write(root_ / "cache/spec_bench/question.jsonl", R"({"question_id": 1, "turns": []})");
  EXPECT_THAT(error(config("spec_bench")), HasSubstr("'turns' must be a non-empty list of strings"));
}

std::string weka_trace(const std::string& id) {
  return R"({"id": ")" + id + R"(", "models": ["big"], "block_size": 4, "hash_id_scope": "local",
    "requests": [{"t": 0, "type": "n", "model": "big", "in": 8, "out": 3, "hash_ids": [1, 2]},
                 {"t": 2, "type": "n", "model": "big", "in": 14, "out": 2, "hash_ids": [1, 2, 3, 4]}]})";
}

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

TEST_F(PublicRowDatasetTest, WekaHfRowsAndJsonFilesAreTraces) {
  const fs::path snap = repo_snapshot("semianalysisai/cc-traces-weka-062126");
  write(snap / "traces.jsonl", one_line(weka_trace("t1")) + "\n" + one_line(weka_trace("t2")) + "\n");
  write(snap / "more/t3.json", weka_trace("t3"));
  Dataset d = load(config("semianalysis_cc_traces_weka_062126"));
  ASSERT_EQ(d.entries.size(), 3u);
  EXPECT_EQ(d.entries[0].conversation_id, "t3");  // files in path order: more/t3.json, traces.jsonl
  EXPECT_EQ(d.entries[1].conversation_id, "t1");
  ASSERT_EQ(d.entries[1].agentic->turns.size(), 2u);
  EXPECT_FALSE(d.entries[1].agentic->capture_replies);  // recorded outputs, as weka_trace files
  EXPECT_EQ(d.entries[1].agentic->turns[0].max_tokens, 3);
  EXPECT_THAT(notes_.str(), HasSubstr("3 conversations (traces with their subagents) (6 turns)"));

  ProfileConfig c = config("weka_hf");
  c.hf_weka_dataset = "semianalysisai/cc-traces-weka-062126";
  EXPECT_EQ(load(c).entries.size(), 3u);

  write(snap / "traces.jsonl", one_line(weka_trace("t3")) + "\n");
  EXPECT_EQ(error(c), "--public-dataset weka_hf: " + (snap / "traces.jsonl").string() + ", line 1: trace id 't3' is also the id of " +
                          (snap / "more/t3.json").string());
  write(snap / "traces.jsonl", R"({"id": "x", "block_size": 4, "requests": [], "extra": 1})" "\n");
  EXPECT_EQ(error(c), "--public-dataset weka_hf: " + (snap / "traces.jsonl").string() +
                          ", line 1: extra: unknown key (the weka_trace schema does not have it)");
  c.endpoint_type = EndpointType::completions;
  EXPECT_EQ(error(c), "--public-dataset weka_hf needs a chat endpoint (its turns are message lists)");
}

TEST_F(PublicRowDatasetTest, WekaNamesMapToSemianalysisRepos) {
  EXPECT_EQ(weka_hf_repo_for("semianalysis_cc_traces_weka_with_subagents_060226_256k"),
            "semianalysisai/cc-traces-weka-with-subagents-060226-256k");
  EXPECT_EQ(weka_hf_repo_for("semianalysis_cc_traces_weka_"), "");
  EXPECT_EQ(weka_hf_repo_for("semianalysis_cc_traces_weka_a/b"), "");
  EXPECT_EQ(find_public_dataset("semianalysis_cc_traces_weka_062126")->kind, PublicDatasetKind::weka_hf);
  EXPECT_EQ(find_public_dataset("semianalysis_cc_traces_weka_*"), nullptr);
  EXPECT_THAT(error(config("semianalysis_cc_traces_weka_x")),
              HasSubstr("the HuggingFace dataset semianalysisai/cc-traces-weka-x is not in the cache"));
}

TEST_F(PublicRowDatasetTest, SpeedBenchVariantsSelectRows) {
  EXPECT_EQ(speed_bench_variant("speed_bench_coding")->category, "coding");
  EXPECT_EQ(speed_bench_variant("speed_bench_coding")->subset, "qualitative");
  EXPECT_EQ(speed_bench_variant("speed_bench_throughput_8k_low_entropy")->subset, "throughput_8k");
  EXPECT_EQ(speed_bench_variant("speed_bench_throughput_8k_low_entropy")->tier, "low_entropy");
  EXPECT_FALSE(speed_bench_variant("speed_bench_throughput_4k"));
  EXPECT_FALSE(speed_bench_variant("speed_bench_cooking"));
  EXPECT_EQ(find_public_dataset("speed_bench_qualitative")->kind, PublicDatasetKind::speed_bench);

  const fs::path snap = repo_snapshot("nvidia/SPEED-Bench");
  write(snap / "qualitative/test-00000.jsonl",
        R"({"question_id": "1", "category": "coding", "turns": ["Write quicksort in C.", "Now in Rust."]})"
        "\n"
        R"({"question_id": "2", "category": "math", "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "What is 2+2?"}]})"
        "\n");
  write(snap / "throughput_1k/test.jsonl", R"({"category": "writing", "turns": ["nope"]})" "\n");
  Dataset d = load(config("speed_bench_qualitative"));
  ASSERT_EQ(d.entries.size(), 2u);
  ASSERT_EQ(d.entries[0].later_turns.size(), 1u);
  EXPECT_EQ(d.entries[0].later_turns[0].prompt.str(), "Now in Rust.");
  EXPECT_EQ(d.entries[1].prompt.str(), "What is 2+2?");
  EXPECT_EQ(d.entries[1].parts->system_message, "Be brief.");
  Dataset math = load(config("speed_bench_math"));
  ASSERT_EQ(math.entries.size(), 1u);
  EXPECT_EQ(math.entries[0].prompt.str(), "What is 2+2?");
  EXPECT_EQ(error(config("speed_bench_stem")),
            "--public-dataset speed_bench_stem: none of the 2 rows has category 'stem' (values seen: coding, math)");
  EXPECT_THAT(error(config("speed_bench_throughput_1k_mixed")),
              HasSubstr("none of the 1 rows has category or sub_category 'mixed' (values seen: writing)"));
}

TEST_F(PublicRowDatasetTest, SpeedBenchPlaceholdersAreRefused) {
  EXPECT_TRUE(is_speed_bench_placeholder("  \n"));
  EXPECT_TRUE(is_speed_bench_placeholder("[PLACEHOLDER] prompt to be reconstructed from src_id"));
  EXPECT_FALSE(is_speed_bench_placeholder("Explain what a placeholder is in " + std::string(600, 'x')));
  EXPECT_FALSE(is_speed_bench_placeholder("What is 2+2?"));

  const fs::path f = repo_snapshot("nvidia/SPEED-Bench") / "throughput_2k/test.jsonl";
  write(f, R"({"category": "low_entropy", "turns": ["real text here"]})" "\n"
           R"({"category": "low_entropy", "turns": ["Placeholder: see src_id"]})" "\n");
  EXPECT_EQ(error(config("speed_bench_throughput_2k")),
            "--public-dataset speed_bench_throughput_2k: 1 of 2 rows hold placeholder text, not prompts (first: " +
                f.string() + ", line 2: \"Placeholder: see src_id\"). The public nvidia/SPEED-Bench files ship "
                "placeholders; rebuild the prompts from their sources (src_id) and put those files in the hub cache snapshot");
  // The same text in every row counts too, whatever it says.
  write(f, R"({"category": "low_entropy", "turns": ["TBD"]})" "\n" R"({"category": "mixed", "turns": ["TBD"]})" "\n");
  EXPECT_THAT(error(config("speed_bench_throughput_2k")), HasSubstr("2 of 2 rows hold placeholder text"));
}

}  // namespace
}  // namespace aiperf
