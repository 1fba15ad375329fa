#include "export/trace_timing_table.h"

#include <gtest/gtest.h>

#include "export/console_report.h"
#include "run_summary_fixture.h"

namespace aiperf {
namespace {

using testing::distribution;

RunSummary traced_summary() {
  RunSummary s;
  MetricResult ttft = distribution("time_to_first_token", "Time to First Token", "ms", 100, 40);
  ttft.console = true;
  s.metrics.push_back(ttft);
  for (MetricResult m : {distribution("http_req_total", "HTTP Total Time", "ms", 2080, 6),
                         distribution("http_req_blocked", "HTTP Blocked", "ms", 2000, 0),
                         distribution("http_req_waiting", "HTTP Waiting (TTFB)", "ms", 2040, 1)}) {
    m.console = false;  // as the catalogue has them
    s.metrics.push_back(m);
  }
  return s;
}

TEST(TraceTimingTable, HttpRowsOnlyInDisplayOrderWithMetricTableColumns) {
  ConsoleTable t = trace_timing_table(traced_summary());
  EXPECT_EQ(t.title, "NVIDIA AIPerf | HTTP Trace Timing");
  ASSERT_EQ(t.columns.size(), 8u);
  EXPECT_EQ(t.columns[4].header, "p99");
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[0][0], "HTTP Blocked (ms)");
  EXPECT_EQ(t.rows[1][0], "HTTP Waiting (TTFB) (ms)");
  EXPECT_EQ(t.rows[2][0], "HTTP Total Time (ms)");
  EXPECT_EQ(t.rows[2][1], "6.00");
  EXPECT_EQ(t.rows[2][3], "16.00");  // max
}

TEST(TraceTimingTable, ShownOnlyWithShowTraceTiming) {
  ProfileConfig config = testing::sample_config();
  EXPECT_EQ(trace_timing_section(config, traced_summary(), 140, false), "");
  config.show_trace_timing = true;
  const std::string text = trace_timing_section(config, traced_summary(), 140, false);
  EXPECT_NE(text.find("NVIDIA AIPerf | HTTP Trace Timing"), std::string::npos);
  EXPECT_EQ(text.find("Time to First Token"), std::string::npos);
  EXPECT_EQ(trace_timing_section(config, RunSummary{}, 140, false), "") << "no rows: no table";
  // The default metric table never carries them.
  for (const auto& row : metrics_table(config, traced_summary()).rows) EXPECT_EQ(row[0].find("HTTP"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
