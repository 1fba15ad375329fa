// The swim-lane chart on small hand-made runs: sessions rebuilt from conversation and turn,
// lanes reused once free, bars at the table's own times, prefill as long as TTFT, failures
// apart, the in-flight curve counted by hand, and the lane cap said on the chart.
#include "plot/swim_lane.h"
#include "missing_value.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace aiperf::plot {
namespace {

constexpr int64_t kT0 = 1'767'000'000'000'000'000;  // a wall-clock origin, as exported
using test_values::kNaN;

int64_t at_ms(double ms) { return kT0 + int64_t(std::llround(ms * 1e6)); }

void add(RequestTable& t, const std::string& conversation, int turn, double start_ms, double end_ms,
         double ttft_ms = kNaN, bool failed = false) {
  t.start_ns.push_back(at_ms(start_ms));
  t.end_ns.push_back(at_ms(end_ms));
  t.ttft_ms.push_back(ttft_ms);
  t.itl_ms.push_back(kNaN);
  t.latency_ms.push_back(end_ms - start_ms);
  t.isl.push_back(kNaN);
  t.osl.push_back(kNaN);
  t.turn_index.push_back(turn);
  if (failed && t.error_messages.empty()) t.error_messages.push_back("500 Internal Server Error: boom");
  t.error.push_back(failed ? 1 : 0);
  t.request_id.push_back("r" + std::to_string(t.size()));
  t.conversation_id.push_back(conversation);
}

// By name, or by the name's start when the name goes on with a " (" qualifier ("Target
// concurrency" for "Target concurrency (3)").
bool named(const Series& s, const std::string& prefix) {
  return s.name == prefix || (s.name.rfind(prefix, 0) == 0 && s.name.compare(prefix.size(), 2, " (") == 0);
}

const Series& series(const Chart& c, const std::string& prefix) {
  for (const Series& s : c.series)
    if (named(s, prefix)) return s;
  ADD_FAILURE() << "no series " << prefix;
  static const Series none;
  return none;
}

bool has_series(const Chart& c, const std::string& prefix) {
  for (const Series& s : c.series)
    if (named(s, prefix)) return true;
  return false;
}

// A: turns at 0-1000 and 1500-2500 ms; B: 200-800 and 1000-3000; C: one turn from 2600 (after A).
RequestTable three_sessions() {
  RequestTable t;
  add(t, "A", 0, 0, 1000, 100);
  add(t, "B", 0, 200, 800, 50);
  add(t, "A", 1, 1500, 2500, 300);
  add(t, "B", 1, 1000, 3000, 2500, true);
  add(t, "C", 0, 2600, 2900, 5000);  // TTFT past the end: prefill stops at the end
  return t;
}

TEST(SwimLaneLayout, OneSessionPerConversationInstanceLanesInStartOrder) {
  const SwimLaneLayout l = swim_lane_layout(three_sessions());
  EXPECT_EQ(l.session_of, (std::vector<std::size_t>{0, 1, 0, 1, 2}));
  // A takes lane 0, B lane 1; C starts after A's last end and reuses lane 0.
  EXPECT_EQ(l.lane_of_session, (std::vector<std::size_t>{0, 1, 0}));
  EXPECT_EQ(l.lanes, 2u);
}

TEST(SwimLaneLayout, ConcurrentReplaysOfOneConversationAreTwoSessions) {
  RequestTable t;
  add(t, "X", 0, 0, 1000);
  add(t, "X", 0, 500, 1500);
  add(t, "X", 1, 1200, 2000);  // only the first replay has ended by 1200
  add(t, "X", 1, 1600, 2500);
  const SwimLaneLayout l = swim_lane_layout(t);
  EXPECT_EQ(l.session_of, (std::vector<std::size_t>{0, 1, 0, 1}));
  EXPECT_EQ(l.lanes, 2u);
}

TEST(SwimLaneLayout, WithoutConversationIdEachRequestIsASession) {
  RequestTable t;
  add(t, "", 0, 0, 100);
  add(t, "", 1, 200, 300);
  add(t, "", 0, 250, 400);
  const SwimLaneLayout l = swim_lane_layout(t);
  EXPECT_EQ(l.session_of, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(l.lane_of_session, (std::vector<std::size_t>{0, 0, 1}));
  EXPECT_EQ(l.lanes, 2u);
}

TEST(SwimLaneLayout, RequestsWithoutTimesBelongToNoSession) {
  RequestTable t;
  add(t, "A", 0, 0, 100);
  add(t, "A", 1, 200, 300);
  t.start_ns[1] = 0;
  const SwimLaneLayout l = swim_lane_layout(t);
  EXPECT_EQ(l.session_of[1], SwimLaneLayout::npos);
  EXPECT_EQ(l.lanes, 1u);
}

TEST(SwimLaneChart, SegmentsAreTheTablesTimesOnTheSessionsLane) {
  const RequestTable t = three_sessions();
  const Chart c = swim_lane_chart(t, {});
  EXPECT_EQ(c.name, "swim_lane");
  const Series& ok = series(c, "Request");
  ASSERT_EQ(ok.kind, SeriesKind::segments);
  ASSERT_EQ(ok.request, (std::vector<std::size_t>{0, 1, 2, 4}));  // by start; B's turn 1 failed
  const std::vector<double> lane = {0, 1, 0, 1, 0};
  for (std::size_t k = 0; k < ok.request.size(); ++k) {
    const std::size_t i = ok.request[k];
    EXPECT_DOUBLE_EQ(ok.x[k], double(t.start_ns[i] - kT0) / 1e9);
    EXPECT_DOUBLE_EQ(ok.x_end[k], double(t.end_ns[i] - kT0) / 1e9);
    EXPECT_EQ(ok.y[k], lane[i]);
  }
  const Series& failed = series(c, "Failed");
  EXPECT_EQ(failed.request, (std::vector<std::size_t>{3}));
  EXPECT_DOUBLE_EQ(failed.x[0], 1.0);
  EXPECT_DOUBLE_EQ(failed.x_end[0], 3.0);
  EXPECT_EQ(failed.y[0], 1);
  EXPECT_EQ(c.y.min, -0.5);
  EXPECT_EQ(c.y.max, 1.5);
  EXPECT_NE(c.subtitle.find("5 requests (1 failed) in 3 sessions on 2 lanes"), std::string::npos) << c.subtitle;
}

TEST(SwimLaneChart, PrefillIsTtftLongAndStopsAtTheEnd) {
  const RequestTable t = three_sessions();
  const Chart c = swim_lane_chart(t, {});
  const Series& p = series(c, "Prefill (TTFT)");
  ASSERT_EQ(p.request, (std::vector<std::size_t>{0, 1, 2, 4}));  // no prefill mark on a failure
  EXPECT_NEAR(p.x_end[0] - p.x[0], 0.100, 1e-12);
  EXPECT_NEAR(p.x_end[1] - p.x[1], 0.050, 1e-12);
  EXPECT_NEAR(p.x_end[2] - p.x[2], 0.300, 1e-12);
  EXPECT_DOUBLE_EQ(p.x_end[3], 2.9);  // TTFT 5 s on a 0.3 s request
  EXPECT_EQ(p.y, (std::vector<double>{0, 1, 0, 0}));
}

TEST(SwimLaneChart, InFlightCurveCountedByHand) {
  const Chart c = swim_lane_chart(three_sessions(), {});
  const Series& f = series(c, "Requests in flight");
  EXPECT_TRUE(f.secondary_y);
  EXPECT_EQ(f.kind, SeriesKind::area);
  EXPECT_EQ(&f, &c.series.front());  // behind the bars
  EXPECT_EQ(f.name, "Requests in flight (peak 2)");
  // Requests: [0,1) [0.2,0.8) [1.5,2.5) [1,3) [2.6,2.9): 1 at 0, 2 at 0.2, 1 at 0.8, 1 at 1
  // (one ends as one starts: no step), 2 at 1.5, 1 at 2.5, 2 at 2.6, 1 at 2.9, 0 at 3.
  const std::vector<double> t = {0, 0.2, 0.8, 1.5, 2.5, 2.6, 2.9, 3};
  const std::vector<double> v = {1, 2, 1, 2, 1, 2, 1, 0};
  ASSERT_EQ(f.x.size(), 2 * t.size());
  double previous = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    EXPECT_NEAR(f.x[2 * k], t[k], 1e-12);
    EXPECT_EQ(f.y[2 * k], previous);
    EXPECT_EQ(f.y[2 * k + 1], v[k]);
    previous = v[k];
  }
}

TEST(SwimLaneChart, ThinkTimeIsGreyOnTheSessionsLane) {
  const Chart c = swim_lane_chart(three_sessions(), {});
  const Series& gap = series(c, "Inter-turn delay");
  EXPECT_TRUE(gap.grey);
  // A waits 1.0-1.5 on lane 0, B 0.8-1.0 on lane 1.
  ASSERT_EQ(gap.x.size(), 2u);
  EXPECT_NEAR(gap.x[0], 0.8, 1e-12);
  EXPECT_NEAR(gap.x_end[0], 1.0, 1e-12);
  EXPECT_EQ(gap.y[0], 1);
  EXPECT_NEAR(gap.x[1], 1.0, 1e-12);
  EXPECT_NEAR(gap.x_end[1], 1.5, 1e-12);
  EXPECT_EQ(gap.y[1], 0);
  EXPECT_EQ(gap.request, (std::vector<std::size_t>{3, 2}));  // the requests that end the waits
}

TEST(SwimLaneChart, TargetRampAndBenchmarkEnd) {
  SwimLaneOptions o;
  o.target_concurrency = 3;
  o.ramp_s = 1.25;
  o.benchmark_duration_s = 4;
  const Chart c = swim_lane_chart(three_sessions(), o);
  const Series& target = series(c, "Target concurrency (3)");
  EXPECT_TRUE(target.dashed && target.secondary_y);
  EXPECT_EQ(target.x, (std::vector<double>{0, 4}));
  EXPECT_EQ(target.y, (std::vector<double>{3, 3}));
  const Series& ramp = series(c, "Ramp done (1.25 s)");
  EXPECT_EQ(ramp.x, (std::vector<double>{1.25, 1.25}));
  EXPECT_EQ(ramp.y, (std::vector<double>{-0.5, 1.5}));
  EXPECT_FALSE(ramp.secondary_y);
  EXPECT_EQ(series(c, "Benchmark end (4 s)").x, (std::vector<double>{4, 4}));
  EXPECT_FALSE(has_series(swim_lane_chart(three_sessions(), {}), "Target concurrency"));
}

TEST(SwimLaneChart, LaneCapIsSaidAndTheCurveStillCountsEveryRequest) {
  RequestTable t;
  for (int i = 0; i < 5; ++i) add(t, "", 0, i * 10, 1000);  // five at once: five lanes
  SwimLaneOptions o;
  o.max_lanes = 2;
  const Chart c = swim_lane_chart(t, o);
  EXPECT_EQ(series(c, "Request").request, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(c.y.max, 1.5);
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0], "first 2 of 5 lanes shown; the in-flight curve counts every request");
  EXPECT_EQ(series(c, "Requests in flight").name, "Requests in flight (peak 5)");
}

TEST(SwimLaneChart, ThousandsOfLanesCappedAtTwoThousand) {
  RequestTable t;
  for (int i = 0; i < 2500; ++i) add(t, "", 0, i, 5000);
  const Chart c = swim_lane_chart(t, {});
  EXPECT_EQ(series(c, "Request").x.size(), 2000u);
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0], "first 2,000 of 2,500 lanes shown; the in-flight curve counts every request");
}

TEST(SwimLaneChart, AManyStepCurveIsDrawnAsItsMeanAndSaysSo) {
  RequestTable t;
  for (int i = 0; i < 100; ++i) add(t, "", 0, i * 10, i * 10 + 5);  // 200 changes: 1, 0, 1, 0, ...
  SwimLaneOptions o;
  o.max_in_flight_steps = 50;
  o.in_flight_bins = 10;
  const Chart c = swim_lane_chart(t, o);
  const Series& f = series(c, "Requests in flight");
  EXPECT_EQ(f.name, "Requests in flight (peak 1)");  // the exact peak, not the mean's
  ASSERT_EQ(f.y.size(), 22u);                        // ten bins and the final fall, two points each
  for (std::size_t k = 1; k < 20; k += 2) EXPECT_NEAR(f.y[k], 0.5, 0.01) << k;  // busy half the time
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0], "requests in flight: time-weighted mean per 0.0995 s interval (200 changes in all)");
}

TEST(SwimLaneChart, UntimedRequestsNotedAndEmptyRunSaysSo) {
  RequestTable t;
  add(t, "A", 0, 0, 100);
  add(t, "B", 0, 0, 100);
  t.end_ns[1] = 0;
  const Chart c = swim_lane_chart(t, {});
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0], "1 request has no start or end time and is not drawn");
  const Chart empty = swim_lane_chart(RequestTable{}, {});
  ASSERT_EQ(empty.notes.size(), 1u);
  EXPECT_NE(empty.notes[0].find("nothing to draw"), std::string::npos);
}

TEST(SwimLaneSummaryTiming, ReadsRampAndBenchmarkDuration) {
  const auto flat = nlohmann::json::parse(
      R"({"benchmark_duration": {"unit": "sec", "avg": 12.5},
          "input_config": {"loadgen": {"concurrency": 4, "concurrency_ramp_duration": 3}}})");
  SummaryTiming s = summary_timing(flat);
  EXPECT_EQ(s.ramp_s, 3.0);
  EXPECT_EQ(s.benchmark_duration_s, 12.5);
  const auto phased = nlohmann::json::parse(
      R"({"benchmark_duration": 7, "input_config": {"phases": [
            {"exclude_from_results": true, "concurrency_ramp": {"duration": 1}},
            {"concurrency_ramp": {"duration": 2}}],
          "loadgen": {"concurrency_ramp_duration": 9}}})");
  s = summary_timing(phased);
  EXPECT_EQ(s.ramp_s, 2.0);
  EXPECT_EQ(s.benchmark_duration_s, 7.0);
  s = summary_timing(nlohmann::json());
  EXPECT_FALSE(s.ramp_s || s.benchmark_duration_s);
}

}  // namespace
}  // namespace aiperf::plot
