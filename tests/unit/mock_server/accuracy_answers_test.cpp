#include "mock_server/accuracy_answers.h"

#include <gtest/gtest.h>

#include <fstream>

#include "../support/temp_dir.h"

namespace aiperf::mock {
namespace {

TEST(AccuracyAnswers, ExactShareCorrectAndLatestMatchWins) {
  aiperf::testing::TempDir dir;
  const auto key = dir.path / "key.jsonl";
  {
    std::ofstream out(key);
    for (int i = 0; i < 10; ++i)
      out << R"({"match": "Question )" << i << R"( \"q\"", "correct": "OK", "wrong": "NO"})"
          << "\n";
  }
  AccuracyAnswers answers;
  ASSERT_EQ(answers.load(key.string(), 0.3), "");
  int correct = 0;
  for (int i = 0; i < 10; ++i) {
    const std::string body =
        R"({"messages":[{"role":"user","content":"Question )" + std::to_string(i) + R"( \"q\""}]})";
    const std::string_view reply = answers.reply_for(body);
    ASSERT_FALSE(reply.empty()) << i;
    correct += reply == "OK";
  }
  EXPECT_EQ(correct, 3);
  // A few-shot example (earlier in the body) does not hide the question asked last.
  const std::string both = R"({"prompt":"Question 0 \"q\" ... Question 1 \"q\""})";
  EXPECT_EQ(answers.reply_for(both), answers.reply_for(R"("Question 1 \"q\"")"));
  EXPECT_TRUE(answers.reply_for(R"({"prompt":"unrelated"})").empty());
}

TEST(AccuracyAnswers, BadFilesAreOneLineErrors) {
  aiperf::testing::TempDir dir;
  AccuracyAnswers answers;
  EXPECT_NE(answers.load((dir.path / "missing").string(), 1).find("cannot open"), std::string::npos);
  std::ofstream(dir.path / "bad.jsonl") << "{\"match\": \"x\"}\n";
  EXPECT_NE(answers.load((dir.path / "bad.jsonl").string(), 1).find("bad.jsonl:1"), std::string::npos);
  EXPECT_EQ(answers.load("", 1), "");
  EXPECT_FALSE(answers.enabled());
}

}  // namespace
}  // namespace aiperf::mock
