// One console table per group, in upstream's order and with its title (metrics-and-outputs.md
// §6.2), and which catalogue metrics go where.
#include <cstdlib>

#include <gtest/gtest.h>

#include "export/console_report.h"
#include "metrics/metric_catalogue.h"
#include "run_summary_fixture.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

using testing::aggregate;
using testing::distribution;

MetricResult in_group(MetricResult m, ConsoleGroup group) {
  m.console_group = group;
  return m;
}

std::vector<std::string> titles(const std::vector<ConsoleTable>& tables) {
  std::vector<std::string> out;
  for (const auto& t : tables) out.push_back(t.title);
  return out;
}

TEST(MetricsTables, OneTablePerNonEmptyGroupInUpstreamOrder) {
  RunSummary s;
  // Pushed in scrambled order: the order of the tables must not depend on it.
  s.metrics.push_back(distribution("request_latency", "Request Latency", "ms", 300, 10));
  s.metrics.push_back(in_group(distribution("usage_reasoning_tokens", "Usage Reasoning Tokens", "tokens", 1400, 5),
                               ConsoleGroup::reasoning));
  s.metrics.push_back(in_group(distribution("usage_prompt_tokens", "Usage Prompt Tokens", "tokens", 1200, 20),
                               ConsoleGroup::usage));
  s.metrics.push_back(in_group(distribution("active_total_throughput", "Active Total Throughput", "tokens/sec",
                                            3104, 9),
                               ConsoleGroup::active));
  s.metrics.push_back(in_group(distribution("effective_concurrency", "Effective Concurrency", "requests", 3000, 3),
                               ConsoleGroup::effective));
  s.metrics.push_back(in_group(aggregate("overall_usage_prompt_cache_read_pct", "Overall Usage Prompt Cache Read %",
                                         "%", 1360, 40),
                               ConsoleGroup::cache));
  s.metrics.push_back(in_group(aggregate("audio", "Audio Thing", "tokens", 1, 1), ConsoleGroup::audio));
  s.metrics.push_back(in_group(aggregate("pred", "Prediction Thing", "tokens", 1, 1), ConsoleGroup::prediction));

  EXPECT_EQ(titles(metrics_tables(testing::sample_config(), s)),
            (std::vector<std::string>{
                "NVIDIA AIPerf | LLM Metrics: Effective", "NVIDIA AIPerf | LLM Metrics: Active",
                "NVIDIA AIPerf | LLM Metrics: Usage", "NVIDIA AIPerf | LLM Metrics: Cache",
                "NVIDIA AIPerf | LLM Metrics: Prediction", "NVIDIA AIPerf | LLM Metrics: Audio",
                "NVIDIA AIPerf | LLM Metrics: Reasoning", "NVIDIA AIPerf | LLM Metrics"}));
}

TEST(MetricsTables, EachRowOnlyInItsGroupAndHiddenRowsNowhere) {
  RunSummary s;
  s.metrics.push_back(distribution("time_to_first_token", "Time to First Token", "ms", 100, 10));
  s.metrics.push_back(in_group(distribution("usage_total_tokens", "Usage Total Tokens", "tokens", 1220, 30),
                               ConsoleGroup::usage));
  s.metrics.push_back(in_group(distribution("usage_prompt_tokens", "Usage Prompt Tokens", "tokens", 1200, 20),
                               ConsoleGroup::usage));
  MetricResult hidden = in_group(distribution("usage_prompt_tokens_diff_pct", "Usage Prompt Diff %", "%", -1, 1),
                                 ConsoleGroup::usage);
  hidden.console = false;
  s.metrics.push_back(hidden);
  s.metrics.push_back(in_group(aggregate("benchmark_duration", "Benchmark Duration", "sec", -1, 2),
                               ConsoleGroup::none));

  std::vector<ConsoleTable> tables = metrics_tables(testing::sample_config(), s);
  ASSERT_EQ(tables.size(), 2u) << "no Effective/Active/... tables without rows";
  ASSERT_EQ(tables[0].rows.size(), 2u);
  EXPECT_EQ(tables[0].rows[0][0], "Usage Prompt Tokens (tokens)") << "display order within the group";
  EXPECT_EQ(tables[0].rows[1][0], "Usage Total Tokens (tokens)");
  ASSERT_EQ(tables[1].rows.size(), 1u);
  EXPECT_EQ(tables[1].rows[0][0], "Time to First Token (ms)");
}

TEST(MetricsTables, NoTablesWithoutShownMetrics) {
  RunSummary s;
  MetricResult m = aggregate("benchmark_duration", "Benchmark Duration", "sec", -1, 2);
  m.console = false;
  s.metrics.push_back(m);
  EXPECT_TRUE(metrics_tables(testing::sample_config(), s).empty());
}

TEST(MetricCatalogue, UsageFamiliesHaveTheirOwnGroupsAndDiffsStayHidden) {
  auto group = [](const char* tag) { return metric_info(*metric_by_tag(tag)).console_group; };
  auto shown = [](const char* tag) { return metric_info(*metric_by_tag(tag)).console; };
  for (const char* tag : {"usage_prompt_tokens", "usage_completion_tokens", "usage_total_tokens",
                          "total_usage_prompt_tokens", "total_usage_completion_tokens", "total_usage_total_tokens"}) {
    EXPECT_TRUE(shown(tag)) << tag;
    EXPECT_EQ(group(tag), ConsoleGroup::usage) << tag;
  }
  for (const char* tag : {"usage_prompt_cache_read_tokens", "total_usage_prompt_cache_read_tokens",
                          "overall_usage_prompt_cache_read_pct"}) {
    EXPECT_TRUE(shown(tag)) << tag;
    EXPECT_EQ(group(tag), ConsoleGroup::cache) << tag;
  }
  for (const char* tag : {"usage_reasoning_tokens", "total_usage_reasoning_tokens"}) {
    EXPECT_TRUE(shown(tag)) << tag;
    EXPECT_EQ(group(tag), ConsoleGroup::reasoning) << tag;
  }
  for (const char* tag : {"usage_prompt_tokens_diff_pct", "usage_completion_tokens_diff_pct",
                          "usage_reasoning_tokens_diff_pct", "usage_discrepancy_count", "osl_mismatch_count",
                          "reasoning_token_count", "error_isl", "benchmark_duration", "input_token_throughput"})
    EXPECT_FALSE(shown(tag)) << tag;
  EXPECT_TRUE(shown("time_to_first_token"));
  EXPECT_EQ(group("time_to_first_token"), ConsoleGroup::default_group);
}

TEST(ConsoleExportWidth, DefaultsTo140AndFollowsTheVariable) {
  unsetenv("AIPERF_UI_CONSOLE_EXPORT_WIDTH");
  load_env_settings();
  EXPECT_EQ(console_export_width(), 140);
  setenv("AIPERF_UI_CONSOLE_EXPORT_WIDTH", "100", 1);
  load_env_settings();
  EXPECT_EQ(console_export_width(), 100);
  for (const char* bad : {"wide", "0", "-5", "80x"}) {
    setenv("AIPERF_UI_CONSOLE_EXPORT_WIDTH", bad, 1);
    try {
      load_env_settings();
      ADD_FAILURE() << "accepted " << bad;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("AIPERF_UI_CONSOLE_EXPORT_WIDTH"), std::string::npos) << e.what();
    }
  }
  unsetenv("AIPERF_UI_CONSOLE_EXPORT_WIDTH");
  load_env_settings();
}

}  // namespace
}  // namespace aiperf
