// Problems read from benchmark files laid out as the HF hub cache holds them, and the
// conversations and answer key made of them.
#include "accuracy/accuracy_workload.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/temp_dir.h"
#include "accuracy/accuracy_problem.h"
#include "dataset/dataset_build_settings.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

// HF_HUB_CACHE pointed at a temporary hub for the test's lifetime.
class AccuracyHub : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* old = std::getenv("HF_HUB_CACHE");
    saved_ = old ? std::optional<std::string>(old) : std::nullopt;
    ::setenv("HF_HUB_CACHE", hub_.path.c_str(), 1);
    ::setenv("HF_HUB_OFFLINE", "1", 1);  // a missing file is an error, never a download
  }
  void TearDown() override {
    if (saved_)
      ::setenv("HF_HUB_CACHE", saved_->c_str(), 1);
    else
      ::unsetenv("HF_HUB_CACHE");
    ::unsetenv("HF_HUB_OFFLINE");
  }
  void write(const std::string& repo, const std::string& relative, const std::string& text) {
    std::string folder = "datasets--" + repo;
    folder.replace(folder.find('/'), 1, "--");
    const fs::path root = hub_.path / folder;
    fs::create_directories(root / "refs");
    std::ofstream(root / "refs" / "main") << "c0ffee";
    const fs::path file = root / "snapshots" / "c0ffee" / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }
  static std::string jsonl(const std::vector<nlohmann::json>& rows) {
    std::string out;
    for (const nlohmann::json& r : rows) out += r.dump() + "\n";
    return out;
  }
  static DatasetBuildSettings settings(EndpointType endpoint, std::optional<int64_t> entries = std::nullopt) {
    ProfileConfig c;
    c.model_names = {"m"};
    c.endpoint_type = endpoint;
    c.random_seed = 1;
    if (entries) {
      c.num_dataset_entries = *entries;
      c.num_dataset_entries_given = true;
    }
    return DatasetBuildSettings(c);
  }
  testing::TempDir hub_;
  std::optional<std::string> saved_;
};

nlohmann::json mmlu_row(const std::string& q, int answer) {
  return {{"question", q}, {"subject", "anatomy"}, {"choices", {"w", "x", "y", "z"}}, {"answer", answer}};
}

TEST_F(AccuracyHub, MmluChatFewShotTurnsAndGoldLetters) {
  write("lighteval/mmlu", "anatomy/dev.jsonl", jsonl({mmlu_row("Dev one?", 1), mmlu_row("Dev two?", 2)}));
  write("lighteval/mmlu", "anatomy/test.jsonl", jsonl({mmlu_row("Test one?", 3), mmlu_row("Test two?", 0)}));
  AccuracySettings a;
  a.benchmark = "mmlu";
  a.tasks = {"anatomy"};
  a.n_shots = 1;
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::chat), notes);
  ASSERT_EQ(w.dataset.entries.size(), 2u);
  EXPECT_EQ(w.key.golds, (std::vector<std::string>{"D", "A"}));
  EXPECT_EQ(w.key.tasks[0], "anatomy");
  EXPECT_EQ(w.key.grader, GraderKind::multiple_choice);
  const nlohmann::json messages = nlohmann::json::parse(w.dataset.entries[0].recorded->literal_messages);
  ASSERT_EQ(messages.size(), 3u);  // shot user, shot assistant, question
  EXPECT_EQ(messages[0]["content"],
            "The following are multiple choice questions (with answers) about anatomy.\n\n"
            "Question: Dev one?\nA. w\nB. x\nC. y\nD. z\nAnswer:");
  EXPECT_EQ(messages[1]["role"], "assistant");
  EXPECT_EQ(messages[1]["content"], " B");
  EXPECT_EQ(messages[2]["content"], "Question: Test one?\nA. w\nB. x\nC. y\nD. z\nAnswer:");
  EXPECT_EQ(w.dataset.entries[0].max_tokens, 5);
  EXPECT_EQ(w.dataset.entries[0].conversation_id, "session_000000");
  EXPECT_NE(notes.str().find("2 problem(s), 1-shot"), std::string::npos);
}

TEST_F(AccuracyHub, MmluCompletionsIsOneTextWithTheSystemPrompt) {
  write("lighteval/mmlu", "anatomy/test.jsonl", jsonl({mmlu_row("Only?", 2)}));
  AccuracySettings a;
  a.benchmark = "mmlu";
  a.tasks = {"anatomy"};
  a.n_shots = 0;
  a.system_prompt = "Be brief.";
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::completions), notes);
  ASSERT_EQ(w.dataset.entries.size(), 1u);
  EXPECT_EQ(w.dataset.entries[0].prompt.str(),
            "Be brief.\n\nThe following are multiple choice questions (with answers) about anatomy.\n\n"
            "Question: Only?\nA. w\nB. x\nC. y\nD. z\nAnswer:");
  EXPECT_TRUE(w.dataset.entries[0].recorded->literal_messages.empty());
}

TEST_F(AccuracyHub, Gsm8kBoundedByNumDatasetEntries) {
  write("openai/gsm8k", "main/test-00000-of-00001.jsonl",
        jsonl({{{"question", "1+1?"}, {"answer", "1+1=2\n#### 2"}},
               {{"question", "2+2?"}, {"answer", "#### 4"}},
               {{"question", "3+3?"}, {"answer", "#### 6"}}}));
  AccuracySettings a;
  a.benchmark = "gsm8k";
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::chat, 2), notes);
  ASSERT_EQ(w.dataset.entries.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(w.dataset.entries[1].recorded->literal_messages)[0]["content"], "Question: 2+2?\nAnswer:");
  EXPECT_EQ(w.key.golds[0], "1+1=2\n#### 2");
  EXPECT_NE(notes.str().find("2 problem(s) of 3"), std::string::npos);
}

TEST_F(AccuracyHub, AimeSystemPromptDefaultAndShotsNotGraded) {
  std::vector<nlohmann::json> rows;
  for (int i = 0; i < 4; ++i)
    rows.push_back(
        {{"ID", std::to_string(i)}, {"Problem", "P" + std::to_string(i)}, {"Solution", "S"}, {"Answer", i * 10}});
  write("Maxwell-Jia/AIME_2024", "aime_2024_problems.jsonl", jsonl(rows));
  AccuracySettings a;
  a.benchmark = "aime";
  a.n_shots = 1;
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::chat), notes);
  ASSERT_EQ(w.dataset.entries.size(), 3u);
  EXPECT_EQ(w.key.golds[0], "10");
  const nlohmann::json m = nlohmann::json::parse(w.dataset.entries[0].recorded->literal_messages);
  EXPECT_EQ(m[0]["role"], "system");
  EXPECT_EQ(
      m[1]["content"],
      "**Problem**: P0\n**Solution**: S\n**Answer**: 0\n\n**Problem**: P1\n**Answer**: Let's think step by step.");
  a.system_prompt = "";
  const AccuracyWorkload none = build_accuracy_workload(a, settings(EndpointType::chat), notes);
  EXPECT_EQ(nlohmann::json::parse(none.dataset.entries[0].recorded->literal_messages)[0]["role"], "user");
}

TEST_F(AccuracyHub, GpqaCsvShuffleIsStableAndGoldFollowsTheCorrectAnswer) {
  write("Idavidrein/gpqa", "gpqa_diamond.csv",
        "Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2,Incorrect Answer 3\n"
        "\"What, precisely?\",right,w1,w2,w3\n");
  AccuracySettings a;
  a.benchmark = "gpqa_diamond";
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::completions), notes);
  ASSERT_EQ(w.dataset.entries.size(), 1u);
  const std::string& text = w.dataset.entries[0].prompt.str();
  const std::string gold = w.key.golds[0];
  EXPECT_NE(text.find(gold + ") right"), std::string::npos) << text;
  EXPECT_NE(text.find("What, precisely?\n\nA) "), std::string::npos);
  EXPECT_EQ(build_accuracy_workload(a, settings(EndpointType::completions), notes).key.golds[0], gold);
}

TEST_F(AccuracyHub, HellaswagUnknownTaskNamesTheLabels) {
  const nlohmann::json row = {
      {"activity_label", "Baking cookies"}, {"ctx", "A man"}, {"endings", {"a", "b", "c", "d"}}, {"label", "2"}};
  write("Rowan/hellaswag", "data/validation.jsonl", jsonl({row}));
  write("Rowan/hellaswag", "data/train.jsonl", jsonl({row}));
  AccuracySettings a;
  a.benchmark = "hellaswag";
  a.n_shots = 1;
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::completions), notes);
  ASSERT_EQ(w.dataset.entries.size(), 1u);
  EXPECT_EQ(w.key.golds[0], "C");
  EXPECT_NE(w.dataset.entries[0].prompt.str().find("A man\nA. a\nB. b\nC. c\nD. d\nAnswer: C\n\nA man"), std::string::npos);
  a.tasks = {"Knitting"};
  try {
    build_accuracy_workload(a, settings(EndpointType::completions), notes);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("Baking cookies"), std::string::npos) << e.what();
  }
}

TEST_F(AccuracyHub, MmluProShotsFromTheSameCategoryAndNoPlaceholderOptions) {
  auto row = [](const std::string& q, const std::string& category, const std::string& answer) {
    return nlohmann::json{{"question", q},
                          {"options", {"one", "N/A", "two"}},
                          {"answer", answer},
                          {"cot_content", "A: Let's think step by step. It is " + answer + "."},
                          {"category", category}};
  };
  write("TIGER-Lab/MMLU-Pro", "data/validation-00000-of-00001.jsonl",
        jsonl({row("Law shot?", "law", "A"), row("Math shot?", "math", "B")}));
  write("TIGER-Lab/MMLU-Pro", "data/test-00000-of-00001.jsonl",
        jsonl({row("Math q?", "math", "B"), row("Law q?", "law", "A")}));
  AccuracySettings a;
  a.benchmark = "mmlu_pro";
  a.tasks = {"math"};
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::completions), notes);
  ASSERT_EQ(w.dataset.entries.size(), 1u);
  EXPECT_EQ(w.key.golds[0], "B");
  EXPECT_EQ(w.dataset.entries[0].prompt.str(),
            "The following are multiple choice questions (with answers) about math. Think step by step and then "
            "output the answer in the format of \"The answer is (X)\" at the end.\n\n"
            "Question: Math shot?\nOptions: A. one\nB. two\nAnswer: Let's think step by step. It is B.\n\n"
            "Question: Math q?\nOptions: A. one\nB. two\nAnswer: Let's think step by step.");
}

TEST_F(AccuracyHub, BigbenchShotsAreTheTasksFirstRowsAndNotGraded) {
  write("lukaemon/bbh", "navigate/test-00000-of-00001.jsonl",
        jsonl({{{"input", "I1"}, {"target", "Yes"}},
               {{"input", "I2"}, {"target", "No"}},
               {{"input", "I3"}, {"target", "Yes"}}}));
  AccuracySettings a;
  a.benchmark = "bigbench";
  a.tasks = {"navigate"};
  a.n_shots = 1;
  std::ostringstream notes;
  const AccuracyWorkload w = build_accuracy_workload(a, settings(EndpointType::completions), notes);
  ASSERT_EQ(w.dataset.entries.size(), 2u);
  EXPECT_EQ(w.key.golds, (std::vector<std::string>{"No", "Yes"}));
  EXPECT_EQ(w.dataset.entries[0].prompt.str(), "Q: I1\nA: Yes\n\nQ: I2\nA:");
  EXPECT_EQ(w.key.grader, GraderKind::exact_match);
}

TEST_F(AccuracyHub, MissingFilesNameTheRepoAndHowToGetThem) {
  AccuracySettings a;
  a.benchmark = "math_500";
  std::ostringstream notes;
  try {
    build_accuracy_workload(a, settings(EndpointType::chat), notes);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--accuracy-benchmark math_500"), std::string::npos) << what;
    EXPECT_NE(what.find("HuggingFaceH4/MATH-500"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace aiperf
