#include "export/console_report.h"

#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

#include "run_summary_fixture.h"
#include "../support/temp_dir.h"

namespace aiperf {
namespace {

using testing::aggregate;
using testing::distribution;

TEST(MetricLabel, UnitWrapsOntoSecondLineWhenHeaderIsLongerThan30) {
  EXPECT_EQ(metric_label(aggregate("a", "Request Latency", "ms", 1, 0)), "Request Latency (ms)");
  EXPECT_EQ(metric_label(aggregate("a", "Output Token Throughput Per User", "tokens/sec/user", 1, 0)),
            "Output Token Throughput Per User\n(tokens/sec/user)");
  std::string thirty(30, 'x');
  EXPECT_EQ(metric_label(aggregate("a", thirty, "ms", 1, 0)), thirty + " (ms)");
  EXPECT_EQ(metric_label(aggregate("a", thirty + "y", "ms", 1, 0)), thirty + "y\n(ms)");
}

// The layout of metrics-and-outputs.md §6.2, with the example's numbers.
TEST(MetricsTable, MatchesUpstreamLayout) {
  RunSummary s;
  auto add = [&](MetricResult m, double mn, double mx, double p99, double p90, double p50, double sd) {
    m.min = mn, m.max = mx, m.p99 = p99, m.p90 = p90, m.p50 = p50, m.std = sd;
    s.metrics.push_back(m);
  };
  add(distribution("request_latency", "Request Latency", "ms", 300, 812.55), 700.31, 990.02, 975.40, 880.77,
      805.10, 45.02);
  add(distribution("time_to_first_token", "Time to First Token", "ms", 100, 41.07), 30.12, 88.40, 80.01, 52.33,
      39.90, 9.14);
  add(distribution("inter_token_latency", "Inter Token Latency", "ms", 400, 3.04), 2.71, 3.52, 3.49, 3.22, 3.01,
      0.14);
  add(distribution("output_token_throughput_per_user", "Output Token Throughput Per User", "tokens/sec/user", 500,
                   329.10),
      284.09, 369.00, 365.90, 350.12, 332.22, 15.20);
  add(distribution("output_sequence_length", "Output Sequence Length", "tokens", 600, 250), 250, 250, 250, 250, 250,
      0);
  add(distribution("input_sequence_length", "Input Sequence Length", "tokens", 700, 550), 550, 550, 550, 550, 550, 0);
  s.metrics.push_back(aggregate("request_count", "Request Count", "requests", 1100, 250));
  s.metrics.push_back(aggregate("output_token_throughput", "Output Token Throughput", "tokens/sec", 800, 3077.30));
  s.metrics.push_back(aggregate("request_throughput", "Request Throughput", "requests/sec", 900, 12.31));
  MetricResult hidden = aggregate("benchmark_duration", "Benchmark Duration", "sec", 50, 1);
  hidden.console = false;
  s.metrics.push_back(hidden);

  std::string title_pad(38, ' ');
  EXPECT_EQ(
      render_table(metrics_table(testing::sample_config(), s), 140, false),
      title_pad + "NVIDIA AIPerf | LLM Metrics" + title_pad + " \n"
      "┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━┓\n"
      "┃                               Metric ┃      avg ┃    min ┃    max ┃    p99 ┃    p90 ┃    p50 ┃   std ┃\n"
      "┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━┩\n"
      "│             Time to First Token (ms) │    41.07 │  30.12 │  88.40 │  80.01 │  52.33 │  39.90 │  9.14 │\n"
      "│                 Request Latency (ms) │   812.55 │ 700.31 │ 990.02 │ 975.40 │ 880.77 │ 805.10 │ 45.02 │\n"
      "│             Inter Token Latency (ms) │     3.04 │   2.71 │   3.52 │   3.49 │   3.22 │   3.01 │  0.14 │\n"
      "│     Output Token Throughput Per User │   329.10 │ 284.09 │ 369.00 │ 365.90 │ 350.12 │ 332.22 │ 15.20 │\n"
      "│                    (tokens/sec/user) │          │        │        │        │        │        │       │\n"
      "│      Output Sequence Length (tokens) │   250.00 │ 250.00 │ 250.00 │ 250.00 │ 250.00 │ 250.00 │  0.00 │\n"
      "│       Input Sequence Length (tokens) │   550.00 │ 550.00 │ 550.00 │ 550.00 │ 550.00 │ 550.00 │  0.00 │\n"
      "│ Output Token Throughput (tokens/sec) │ 3,077.30 │    N/A │    N/A │    N/A │    N/A │    N/A │   N/A │\n"
      "│    Request Throughput (requests/sec) │    12.31 │    N/A │    N/A │    N/A │    N/A │    N/A │   N/A │\n"
      "│             Request Count (requests) │   250.00 │    N/A │    N/A │    N/A │    N/A │    N/A │   N/A │\n"
      "└──────────────────────────────────────┴──────────┴────────┴────────┴────────┴────────┴────────┴───────┘\n");
}

TEST(MetricsTable, RowsWithoutDisplayOrderGoLastInProcessingOrder) {
  RunSummary s;
  s.metrics.push_back(aggregate("z", "Z", "ms", -1, 1));
  s.metrics.push_back(aggregate("b", "B", "ms", 200, 1));
  s.metrics.push_back(aggregate("y", "Y", "ms", -1, 1));
  s.metrics.push_back(aggregate("a", "A", "ms", 100, 1));
  ConsoleTable t = metrics_table(testing::sample_config(), s);
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(t.rows[0][0], "A (ms)");
  EXPECT_EQ(t.rows[1][0], "B (ms)");
  EXPECT_EQ(t.rows[2][0], "Z (ms)");
  EXPECT_EQ(t.rows[3][0], "Y (ms)");
}

TEST(MetricsTable, MissingAndNonFiniteValuesShowNA) {
  RunSummary s;
  MetricResult m = distribution("itl", "Inter Token Latency", "ms", 1, std::nan(""));
  m.p99.reset();
  m.min = -10;
  s.metrics.push_back(m);
  ConsoleTable t = metrics_table(testing::sample_config(), s);
  EXPECT_EQ(t.rows[0][1], "N/A");  // avg
  EXPECT_EQ(t.rows[0][4], "N/A");  // p99
  EXPECT_EQ(t.rows[0][2], "-10.00") << "min stays a number";
}

TEST(ErrorTable, FirstSeenOrderWithNAForMissingCodeAndType) {
  std::string out = render_table(error_table(testing::sample_summary()), 140, false);
  EXPECT_EQ(out,
            "               NVIDIA AIPerf | Error Summary               \n"
            "┏━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━┳━━━━━━━┓\n"
            "┃ Code ┃ Type                  ┃ Message          ┃ Count ┃\n"
            "┡━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━╇━━━━━━━┩\n"
            "│  500 │ Internal Server Error │ boom             │ 1,234 │\n"
            "│  N/A │ N/A                   │ connection reset │     1 │\n"
            "└──────┴───────────────────────┴──────────────────┴───────┘\n");
}

TEST(ConsoleReport, FooterNamesFilesAndDuration) {
  testing::TempDir dir;
  ProfileConfig c = testing::sample_config();
  std::string out = render_console_report(c, testing::sample_summary(), testing::sample_info(), dir.path, 140, false);
  std::string abs = std::filesystem::absolute(dir.path).lexically_normal().string();
  EXPECT_NE(out.find("NVIDIA AIPerf | LLM Metrics"), std::string::npos);
  EXPECT_LT(out.find("LLM Metrics"), out.find("Error Summary"));
  EXPECT_NE(out.find("\nCLI Command: " + c.cli_command + "\n"
                     "Benchmark Duration: 20.31 sec\n"
                     "CSV Export: " + abs + "/profile_export_aiperf.csv\n"
                     "JSON Export: " + abs + "/profile_export_aiperf.json\n"
                     "Records Export: " + abs + "/profile_export.jsonl\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("Log File:"), std::string::npos);
  EXPECT_EQ(out.find("cancelled"), std::string::npos);
  EXPECT_EQ(out.back(), '\n');
}

TEST(ConsoleReport, SummaryLevelHasNoRecordsLineAndLogFileShowsWhenPresent) {
  testing::TempDir dir;
  std::filesystem::create_directories(dir.path / "logs");
  std::ofstream(dir.path / "logs" / "aiperf.log") << "x";
  ProfileConfig c = testing::sample_config();
  c.export_level = ExportLevel::summary;
  std::string out = render_console_report(c, testing::sample_summary(), testing::sample_info(), dir.path, 140, false);
  EXPECT_EQ(out.find("Records Export:"), std::string::npos);
  EXPECT_NE(out.find("Log File: " + std::filesystem::absolute(dir.path).lexically_normal().string() +
                     "/logs/aiperf.log\n"),
            std::string::npos);
}

TEST(ConsoleReport, CancelledRunSaysResultsArePartial) {
  testing::TempDir dir;
  RunInfo info = testing::sample_info();
  info.was_cancelled = true;
  RunSummary s = testing::sample_summary();
  s.errors.clear();
  std::string out = render_console_report(testing::sample_config(), s, info, dir.path, 140, false);
  EXPECT_NE(out.find("Benchmark was cancelled early: results are partial.\n"), std::string::npos);
  EXPECT_NE(out.find("Benchmark Duration: 20.31 sec (cancelled early)\n"), std::string::npos);
  EXPECT_EQ(out.find("Error Summary"), std::string::npos);
}

TEST(ConsoleReport, DurationFallsBackToRunWindow) {
  testing::TempDir dir;
  RunSummary s;
  RunInfo info = testing::sample_info();
  std::string out = render_console_report(testing::sample_config(), s, info, dir.path, 140, false);
  EXPECT_NE(out.find("Benchmark Duration: 20.31 sec\n"), std::string::npos) << out;
}

}  // namespace
}  // namespace aiperf
