// --accuracy-* and the YAML accuracy section (cli-and-load.md §3.18, docs/accuracy.md).
#include <gtest/gtest.h>

#include <fstream>

#include "cli/profile_cli.h"

namespace aiperf {
namespace {

ProfileConfig accuracy_config(std::vector<std::string> args) {
  args.insert(args.begin(), {"-m", "mock-model"});
  return *parse_profile_args(args);
}

std::string accuracy_error(std::vector<std::string> args) {
  try {
    accuracy_config(std::move(args));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(AccuracyOptions, DefaultsStayUnsetForTheBenchmarkToFill) {
  const ProfileConfig c = accuracy_config({"--accuracy-benchmark", "mmlu"});
  ASSERT_TRUE(c.accuracy);
  EXPECT_EQ(c.accuracy->benchmark, "mmlu");
  EXPECT_FALSE(c.accuracy->n_shots);
  EXPECT_FALSE(c.accuracy->enable_cot);
  EXPECT_FALSE(c.accuracy->grader);
  EXPECT_FALSE(c.accuracy->system_prompt);
  EXPECT_FALSE(accuracy_config({}).accuracy);
}

TEST(AccuracyOptions, EveryCompanion) {
  const ProfileConfig c =
      accuracy_config({"--accuracy-benchmark", "mmlu_pro", "--accuracy-tasks", "math,computer science",
                       "--accuracy-tasks", "law", "--accuracy-n-shots", "3", "--accuracy-no-enable-cot",
                       "--accuracy-grader", "multiple_choice", "--accuracy-system-prompt", "", "--accuracy-verbose"});
  EXPECT_EQ(c.accuracy->tasks, (std::vector<std::string>{"math", "computer science", "law"}));
  EXPECT_EQ(c.accuracy->n_shots, 3);
  EXPECT_EQ(c.accuracy->enable_cot, false);
  EXPECT_EQ(c.accuracy->grader, "multiple_choice");
  EXPECT_EQ(c.accuracy->system_prompt, "");
  EXPECT_TRUE(c.accuracy->verbose);
  EXPECT_EQ(accuracy_config({"--accuracy-benchmark", "aime", "--accuracy-enable-cot"}).accuracy->enable_cot, true);
}

TEST(AccuracyOptions, BadInputsAreOneLine) {
  EXPECT_EQ(accuracy_error({"--accuracy-system-prompt", "x"}),
            "--accuracy-system-prompt requires --accuracy-benchmark");
  EXPECT_EQ(accuracy_error({"--accuracy-benchmark", "aime", "--accuracy-n-shots", "9"}),
            "--accuracy-n-shots: aime takes at most 8 few-shot examples");
  EXPECT_EQ(accuracy_error({"--accuracy-benchmark", "bigbench", "--accuracy-tasks", "navigate,naviagte"})
                .rfind("--accuracy-tasks: unknown bigbench task 'naviagte' (valid: boolean_expressions, ", 0),
            0u);
  EXPECT_EQ(accuracy_error({"--accuracy-benchmark", "gsm8k", "--public-dataset", "sharegpt"}),
            "--public-dataset and --accuracy-benchmark exclude each other");
  EXPECT_NE(accuracy_error({"--accuracy-benchmark", "lcb_codegeneration"}).find("no sandbox"), std::string::npos);
}

TEST(AccuracyOptions, YamlSection) {
  const std::string path = ::testing::TempDir() + "accuracy_options_test.yaml";
  std::ofstream(path) << "benchmark:\n  model: mock-model\n  accuracy:\n    benchmark: gsm8k\n    verbose: true\n"
                         "    system_prompt: Think.\n";
  const ProfileConfig c = *parse_profile_args({"-f", path});
  ASSERT_TRUE(c.accuracy);
  EXPECT_EQ(c.accuracy->benchmark, "gsm8k");
  EXPECT_TRUE(c.accuracy->verbose);
  EXPECT_EQ(c.accuracy->system_prompt, "Think.");
}

}  // namespace
}  // namespace aiperf
