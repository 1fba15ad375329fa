// The record-thread sink: per-task tallies, errors apart from wrong answers, warm-up ignored,
// and the exports made of them.
#include "accuracy/accuracy_grading.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "../support/temp_dir.h"
#include "accuracy/accuracy_report.h"

namespace aiperf {
namespace {

AnswerKey two_task_key() {
  AnswerKey key;
  key.benchmark = "mmlu";
  key.grader = GraderKind::multiple_choice;
  key.tasks = {"anatomy", "anatomy", "virology"};
  key.golds = {"A", "B", "C"};
  return key;
}

void feed(AccuracyGrading& g, uint32_t index, const std::string& text, bool error = false,
          BenchmarkPhase phase = BenchmarkPhase::profiling) {
  RawRecord raw;
  raw.dataset_index = index;
  raw.phase = phase;
  ParsedRecord parsed;
  if (error)
    parsed.error = ErrorDetails{};
  else {
    ParsedResponse response;
    response.text = text;
    parsed.responses.push_back(response);
  }
  g.add_parsed(raw, "session_00000" + std::to_string(index), RecordMetrics{}, parsed);
}

TEST(AccuracyGrading, TalliesPerTaskWithErrorsApart) {
  AccuracyGrading g(two_task_key());
  feed(g, 0, "A");
  feed(g, 1, "The answer is (D)");
  feed(g, 2, "", true);
  feed(g, 2, "C", false, BenchmarkPhase::warmup);
  const auto rows = g.task_rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].first, "anatomy");
  EXPECT_EQ(rows[0].second.total, 2);
  EXPECT_EQ(rows[0].second.passed, 1);
  EXPECT_EQ(rows[1].second.total, 0);
  EXPECT_EQ(rows[1].second.errors, 1);
  EXPECT_EQ(g.overall().passed, 1);
  EXPECT_EQ(g.overall().errors, 1);
  EXPECT_DOUBLE_EQ(g.overall().accuracy(), 0.5);
  ASSERT_EQ(g.responses().size(), 2u);
  EXPECT_EQ(g.responses()[1].grade.extracted, "D");
}

TEST(AccuracyGrading, ConsoleTableAndExports) {
  AccuracyGrading g(two_task_key());
  feed(g, 0, "A");
  feed(g, 2, "B");
  const std::string table = accuracy_console(g, true, 100, false);
  EXPECT_NE(table.find("OVERALL"), std::string::npos);
  EXPECT_NE(table.find("50.00%"), std::string::npos);
  EXPECT_NE(table.find("session_000002 [virology] WRONG"), std::string::npos) << table;

  testing::TempDir dir;
  std::ofstream(dir.path / "profile_export_aiperf.json") << R"({"schema_version": "1.0"})";
  ASSERT_TRUE(write_accuracy_exports(g, dir.path, dir.path / "profile_export_aiperf.json"));
  std::ifstream csv(dir.path / kAccuracyResultsCsv);
  std::stringstream text;
  text << csv.rdbuf();
  EXPECT_EQ(text.str(),
            "task,total,passed,unparsed,accuracy_rate,unparsed_rate,errors\n"
            "anatomy,1,1,0,1.0,0.0,0\nvirology,1,0,0,0.0,0.0,0\nOVERALL,2,1,0,0.5,0.0,0\n");
  std::ifstream summary(dir.path / "profile_export_aiperf.json");
  const nlohmann::json doc = nlohmann::json::parse(summary);
  EXPECT_EQ(doc["schema_version"], "1.0");
  EXPECT_EQ(doc["accuracy"]["overall"]["passed"], 1);
  EXPECT_EQ(doc["accuracy"]["grader"], "multiple_choice");
  std::ifstream jsonl(dir.path / kAccuracyExportJsonl);
  std::string line;
  ASSERT_TRUE(std::getline(jsonl, line));
  const nlohmann::json first = nlohmann::json::parse(line);
  EXPECT_EQ(first["passed"], true);
  EXPECT_EQ(first["expected"], "A");
  EXPECT_EQ(first["model_thinking"], nullptr);
}

}  // namespace
}  // namespace aiperf
