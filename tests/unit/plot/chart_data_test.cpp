// The numbers the charts are built from: rolling percentiles, dispersed throughput, and the
// single-run charts against a hand-made request table.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "plot/dispersed_throughput.h"
#include "plot/rolling_percentile.h"
#include "plot/single_run_charts.h"
#include "missing_value.h"

namespace aiperf::plot {
namespace {

using test_values::kNaN;

TEST(RollingPercentile, InterpolatesLikeNumpyOverEachWindow) {
  const std::vector<double> v{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const auto p = rolling_percentile(v, 4, 50, 100);
  ASSERT_EQ(p.size(), 7u);  // windows ending at 3..9
  EXPECT_EQ(p.front().index, 3u);
  EXPECT_DOUBLE_EQ(p.front().value, 2.5);  // median of 1,2,3,4
  EXPECT_DOUBLE_EQ(p.back().value, 8.5);   // median of 7,8,9,10
  const auto p90 = rolling_percentile(v, 10, 90, 100);
  ASSERT_EQ(p90.size(), 1u);
  EXPECT_NEAR(p90[0].value, 9.1, 1e-12);  // numpy.percentile(range(1, 11), 90)
}

TEST(RollingPercentile, EvaluatesAtMostMaxPointsAndKeepsTheLastWindow) {
  std::vector<double> v(100000);
  for (size_t i = 0; i < v.size(); ++i) v[i] = double(i % 97);
  const auto p = rolling_percentile(v, 1000, 99, 50);
  ASSERT_EQ(p.size(), 50u);
  EXPECT_EQ(p.back().index, v.size() - 1);
}

TEST(RollingPercentile, SkipsNaNAndWindowsOfOnlyNaN) {
  const std::vector<double> v{kNaN, kNaN, 4, kNaN, 6};
  const auto p = rolling_percentile(v, 2, 50, 10);
  ASSERT_EQ(p.size(), 3u);  // windows {NaN,NaN} dropped
  EXPECT_DOUBLE_EQ(p[0].value, 4);
  EXPECT_DOUBLE_EQ(p[2].value, 6);
}

TEST(RollingPercentile, WindowGrowsWithTheRunWithinBounds) {
  EXPECT_EQ(rolling_window_for(5), 5u);
  EXPECT_EQ(rolling_window_for(200), 10u);
  EXPECT_EQ(rolling_window_for(5000), 100u);
  EXPECT_EQ(rolling_window_for(1000000), 1000u);
}

RequestTable table(std::initializer_list<std::array<double, 4>> rows) {  // start s, end s, ttft ms, osl
  RequestTable t;
  for (const auto& r : rows) {
    t.start_ns.push_back(int64_t(1e18 + r[0] * 1e9));
    t.end_ns.push_back(int64_t(1e18 + r[1] * 1e9));
    t.ttft_ms.push_back(r[2]);
    t.itl_ms.push_back(1.0);
    t.latency_ms.push_back((r[1] - r[0]) * 1e3);
    t.isl.push_back(10);
    t.osl.push_back(r[3]);
    t.turn_index.push_back(0);
    t.error.push_back(0);
    t.request_id.push_back("r");
    t.conversation_id.push_back("");
  }
  return t;
}

TEST(DispersedThroughput, SpreadsEachRequestsTokensOverItsDecodeAndKeepsTheirSum) {
  // 0..2 s with 1 s prefill: 100 tokens over [1, 2]; 1..3 s with 0.5 s prefill: 300 over [1.5, 3].
  const RequestTable t = table({{0, 2, 1000, 100}, {1, 3, 500, 300}});
  const ThroughputCurve c = dispersed_throughput(t, int64_t(1e18), 6);
  ASSERT_EQ(c.t_s.size(), 6u);
  EXPECT_DOUBLE_EQ(c.bucket_s, 0.5);
  EXPECT_DOUBLE_EQ(c.tokens, 400);
  const std::vector<double> expected{0, 0, 100, 100 + 200, 200, 200};  // tok/s per 0.5 s bucket
  double area = 0;
  for (size_t b = 0; b < 6; ++b) {
    EXPECT_NEAR(c.tokens_per_s[b], expected[b], 1e-9) << "bucket " << b;
    area += c.tokens_per_s[b] * c.bucket_s;
  }
  EXPECT_NEAR(area, 400, 1e-9);
}

TEST(DispersedThroughput, FailedRequestsContributeNothing) {
  RequestTable t = table({{0, 1, 100, 50}, {0, 1, 100, 50}});
  t.error[1] = 1;
  t.error_messages.push_back("500 x: y");
  EXPECT_DOUBLE_EQ(dispersed_throughput(t, int64_t(1e18), 4).tokens, 50);
}

TEST(SingleRunCharts, OverTimePointsAreTheRequestsInStartOrderAndTheTimelineMarksPrefill) {
  RunArtifacts run;
  run.requests = table({{1, 2, 100, 10}, {0, 3, 200, 20}, {0.5, 1, 50, 1}});
  run.requests->itl_ms[2] = kNaN;  // OSL 1: no ITL
  const std::vector<Chart> charts = single_run_charts(run);
  std::vector<std::string> names;
  for (const Chart& c : charts) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"ttft_over_time", "itl_over_time", "latency_over_time",
                                             "dispersed_throughput_over_time", "ttft_timeline"}));
  const Series& ttft = charts[0].series[0];
  EXPECT_EQ(ttft.x, (std::vector<double>{0, 0.5, 1}));
  EXPECT_EQ(ttft.y, (std::vector<double>{200, 50, 100}));
  EXPECT_EQ(ttft.request, (std::vector<size_t>{1, 2, 0}));
  EXPECT_EQ(charts[1].series[0].x.size(), 2u);  // the OSL-1 request has no ITL point
  const Chart& timeline = charts[4];
  ASSERT_EQ(timeline.series.size(), 2u);
  const Series& decode = timeline.series[0];
  const Series& prefill = timeline.series[1];
  EXPECT_EQ(prefill.x, (std::vector<double>{0, 0.5, 1}));
  EXPECT_NEAR(prefill.x_end[0], 0.2, 1e-12);  // 200 ms TTFT
  EXPECT_EQ(decode.x_end, (std::vector<double>{3, 1, 2}));
}

TEST(SingleRunCharts, ALongTimelineIsThinnedAndSaysSo) {
  RunArtifacts run;
  run.requests = RequestTable{};
  for (int i = 0; i < 5000; ++i) {
    RequestTable one = table({{double(i) * 0.01, double(i) * 0.01 + 1, 10, 5}});
    run.requests->start_ns.push_back(one.start_ns[0]);
    run.requests->end_ns.push_back(one.end_ns[0]);
    run.requests->ttft_ms.push_back(10), run.requests->itl_ms.push_back(1), run.requests->latency_ms.push_back(1000);
    run.requests->isl.push_back(1), run.requests->osl.push_back(5), run.requests->turn_index.push_back(0);
    run.requests->error.push_back(0);
    run.requests->request_id.push_back(""), run.requests->conversation_id.push_back("");
  }
  for (const Chart& c : single_run_charts(run)) {
    if (c.name != "ttft_timeline") continue;
    EXPECT_LE(c.series[0].x.size(), kTimelineMaxRequests);
    ASSERT_EQ(c.notes.size(), 1u);
    EXPECT_NE(c.notes[0].find("5,000 in all"), std::string::npos) << c.notes[0];
  }
}

}  // namespace
}  // namespace aiperf::plot
