// Sweep-line curves (metrics-and-outputs.md §2.5), hand-computed.
#include "metrics/sweep_line.h"

#include <cmath>
#include <map>
#include <string>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

std::map<std::string, MetricResult> by_tag(const std::vector<MetricResult>& results) {
  std::map<std::string, MetricResult> out;
  for (const MetricResult& r : results) out[r.tag] = r;
  return out;
}

// A: start 0, first token 100, end 300, ISL 50, OSL 5 (4 decode tokens).
// B: start 100, first token 200, end 400, ISL 100, OSL 3 (2 decode tokens).
// Four 100 ns segments:        [0,100) [100,200) [200,300) [300,400)
//   concurrency                   1        2         2         1
//   prefill concurrency / rate    1 0.5    1 1.0     0 0       0 0      (tokens/ns)
//   decode concurrency / rate     0 0      1 0.02    2 0.03    1 0.01
TEST(SweepLine, TwoOverlappingRequests) {
  const std::vector<SweepInterval> intervals = {{0, 100, 300, 4, 50}, {100, 200, 400, 2, 100}};
  auto m = by_tag(sweep_line_metrics(intervals));
  ASSERT_EQ(m.size(), 13u);

  const MetricResult& c = m.at("effective_concurrency");
  EXPECT_EQ(c.unit, "requests");
  EXPECT_EQ(c.display_order, 3000);
  EXPECT_DOUBLE_EQ(c.avg, 1.5);
  EXPECT_DOUBLE_EQ(*c.min, 1);
  EXPECT_DOUBLE_EQ(*c.max, 2);
  EXPECT_DOUBLE_EQ(*c.std, 0.5);
  EXPECT_DOUBLE_EQ(*c.p50, 1);  // cumulative duration of value 1 is exactly 50 %
  EXPECT_DOUBLE_EQ(*c.p90, 2);
  EXPECT_FALSE(c.p1);           // only avg min max p50 p90 p95 p99 std

  EXPECT_DOUBLE_EQ(m.at("effective_decode_concurrency").avg, 1);
  EXPECT_NEAR(*m.at("effective_decode_concurrency").std, std::sqrt(0.5), 1e-12);
  EXPECT_DOUBLE_EQ(m.at("effective_prefill_concurrency").avg, 0.5);
  EXPECT_NEAR(m.at("effective_decode_throughput").avg, 1.5e7, 1);       // tokens/sec
  EXPECT_NEAR(m.at("effective_prefill_throughput").avg, 3.75e8, 1);
  EXPECT_NEAR(m.at("effective_total_throughput").avg, 3.9e8, 1);
  EXPECT_NEAR(m.at("effective_decode_throughput_per_user").avg, 1.125e7, 1);  // 0, 2e7, 1.5e7, 1e7
  EXPECT_NEAR(m.at("effective_prefill_throughput_per_user").avg, 3.75e8, 1);
  EXPECT_EQ(m.at("effective_decode_throughput_per_user").unit, "tokens/sec/user");

  // Active: only where the matching concurrency is above 0.
  EXPECT_NEAR(m.at("active_decode_throughput").avg, 2e7, 1);     // 2e7, 3e7, 1e7
  EXPECT_NEAR(*m.at("active_decode_throughput").p50, 2e7, 1);
  EXPECT_NEAR(*m.at("active_decode_throughput").min, 1e7, 1);
  EXPECT_NEAR(m.at("active_prefill_throughput").avg, 7.5e8, 1);  // 5e8, 1e9
  EXPECT_NEAR(*m.at("active_prefill_throughput").p50, 5e8, 1);
  EXPECT_NEAR(m.at("active_decode_throughput_per_user").avg, 1.5e7, 1);  // 2e7, 1.5e7, 1e7
  EXPECT_NEAR(m.at("active_prefill_throughput_per_user").avg, 7.5e8, 1);
  EXPECT_NEAR(m.at("active_total_throughput").avg, 3.9e8, 1);
  EXPECT_EQ(m.at("active_total_throughput").display_order, 3104);
}

TEST(SweepLine, FailedAndNonStreamingRequestsCountOnlyAsConcurrency) {
  // No first token anywhere: only effective_concurrency. [0,100) 1, [100,200) 2, [200,300) 1.
  const std::vector<SweepInterval> intervals = {{0, 0, 200, 0, 0}, {100, 0, 300, 0, 0}};
  auto m = by_tag(sweep_line_metrics(intervals));
  ASSERT_EQ(m.size(), 1u);
  EXPECT_NEAR(m.at("effective_concurrency").avg, 4.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(*m.at("effective_concurrency").p50, 1);  // 2/3 of the time at 1
}

TEST(SweepLine, GapsBetweenRequestsCountAsZero) {
  // [0,100) 1, [100,300) 0, [300,400) 1: effective averages the idle gap in, active does not.
  const std::vector<SweepInterval> intervals = {{0, 50, 100, 5, 10}, {300, 350, 400, 5, 10}};
  auto m = by_tag(sweep_line_metrics(intervals));
  EXPECT_DOUBLE_EQ(m.at("effective_concurrency").avg, 0.5);
  EXPECT_DOUBLE_EQ(*m.at("effective_concurrency").min, 0);
  EXPECT_NEAR(m.at("active_decode_throughput").avg, 1e8, 1e-3);  // 5 tokens / 50 ns
  EXPECT_NEAR(m.at("effective_decode_throughput").avg, 1e8 * 100 / 400, 1e-3);
}

TEST(SweepLine, NothingToSweep) {
  EXPECT_TRUE(sweep_line_metrics({}).empty());
  EXPECT_FALSE(time_weighted_stats({{5, 0}}));
}

// §1.8: effective_* rows go to the "Effective" console table, active_* to "Active".
TEST(SweepLine, ConsoleGroupsFollowTheWindow) {
  const std::vector<SweepInterval> intervals = {{0, 100, 300, 4, 50}, {100, 200, 400, 2, 100}};
  for (const MetricResult& r : sweep_line_metrics(intervals)) {
    EXPECT_TRUE(r.console) << r.tag;
    const bool active = r.tag.rfind("active_", 0) == 0;
    EXPECT_EQ(r.console_group, active ? ConsoleGroup::active : ConsoleGroup::effective) << r.tag;
  }
}

}  // namespace
}  // namespace aiperf
