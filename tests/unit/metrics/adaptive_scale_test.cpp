// Adaptive scale's decisions (cli-and-load.md §5.7, metrics/adaptive_scale.h) on synthetic
// windows: the step rules, fall-back and hold, and how windows collect and judge requests.
#include "metrics/adaptive_scale.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "config/profile_config.h"

namespace aiperf {
namespace {

constexpr int64_t kSec = 1'000'000'000;

WindowSlaFilter filter(std::string tag, std::string stat, WindowSlaOp op, double threshold) {
  WindowSlaFilter f{std::move(tag), std::move(stat), op, threshold, ""};
  f.text = f.metric_tag + ":" + f.stat + ":x:" + std::to_string(threshold);
  return f;
}

AdaptiveScaleSettings settings(double min, double max, AdaptiveStepPolicy policy = AdaptiveStepPolicy::fixed_percent_step) {
  AdaptiveScaleSettings s;
  s.min = min;
  s.max = max;
  s.step_policy = policy;
  s.assessment_period_s = 1;
  s.min_completed_requests = 3;
  s.sustain_duration_s = 10;
  s.sla = {filter("time_to_first_token", "p99", WindowSlaOp::le, 600)};
  return s;
}

TEST(AdaptiveScaleRules, FixedPercentStepRoundsAndMovesAtLeastOne) {
  const AdaptiveScaleSettings s = settings(1, 32);
  RampUntilFail r(s);
  std::vector<double> seen{r.value()};
  for (int i = 0; i < 9; ++i) seen.push_back(r.decide(true, 0, i * kSec).next_value);
  // ×1.25, nearest integer (halves up), at least +1, never above max.
  EXPECT_EQ(seen, (std::vector<double>{1, 2, 3, 4, 5, 6, 8, 10, 13, 16}));
}

TEST(AdaptiveScaleRules, RequestRateStepsAreNotRounded) {
  AdaptiveScaleSettings s = settings(0.5, 100);
  s.variable = AdaptiveVariable::request_rate;
  const RampUntilFail r(s);
  EXPECT_DOUBLE_EQ(r.next_value(0.5, 0), 1.5);  // 0.625, but at least +1
  EXPECT_DOUBLE_EQ(r.next_value(10, 0), 12.5);
  EXPECT_DOUBLE_EQ(r.next_value(90, 0), 100);  // capped at max
}

TEST(AdaptiveScaleRules, SlaMarginStepGrowsWithTheBindingMargin) {
  AdaptiveScaleSettings s = settings(1, 1000, AdaptiveStepPolicy::sla_margin);
  s.base_step = 10;
  s.max_step_multiplier = 4;
  const RampUntilFail r(s);
  EXPECT_EQ(r.next_value(1, 0), 11);       // no headroom: ×1
  EXPECT_EQ(r.next_value(1, 0.25), 26);    // 1 + 3 × 0.25/0.5 = 2.5 → +25
  EXPECT_EQ(r.next_value(1, 0.5), 41);     // half the budget left or more: ×4
  EXPECT_EQ(r.next_value(1, 5.0), 41);     // capped
  EXPECT_EQ(r.next_value(995, 0.5), 1000);  // never above max
  s.base_step = 0.1;
  EXPECT_EQ(RampUntilFail(s).next_value(7, 0), 8);  // at least +1
}

TEST(AdaptiveScaleRules, FirstFailureFallsBackAndHoldsForTheSustainDuration) {
  RampUntilFail r(settings(1, 64));
  EXPECT_EQ(r.decide(true, 0, 1 * kSec).action, AdaptiveAction::raise);   // 1 -> 2
  EXPECT_EQ(r.decide(true, 0, 2 * kSec).action, AdaptiveAction::raise);   // 2 -> 3
  const AdaptiveDecision d = r.decide(false, 0, 3 * kSec);                 // 3 fails
  EXPECT_EQ(d.action, AdaptiveAction::fall_back);
  EXPECT_EQ(d.next_value, 2);
  EXPECT_EQ(d.stop_at_ns, 13 * kSec);
  EXPECT_EQ(r.last_passing(), 2);
  EXPECT_EQ(r.first_failing(), 3);
  EXPECT_EQ(r.stop_reason(), "sla_failed");
  // While holding, windows change nothing, pass or fail.
  for (bool passed : {true, false}) {
    const AdaptiveDecision h = r.decide(passed, 0, 5 * kSec);
    EXPECT_EQ(h.action, AdaptiveAction::hold);
    EXPECT_EQ(h.next_value, 2);
    EXPECT_EQ(h.stop_at_ns, 13 * kSec);
  }
  EXPECT_EQ(r.first_failing(), 3);
}

TEST(AdaptiveScaleRules, PassingAtMaxHoldsMax) {
  RampUntilFail r(settings(1, 3));
  r.decide(true, 0, 1 * kSec);
  r.decide(true, 0, 2 * kSec);
  ASSERT_EQ(r.value(), 3);
  const AdaptiveDecision d = r.decide(true, 0, 3 * kSec);
  EXPECT_EQ(d.action, AdaptiveAction::hold_max);
  EXPECT_EQ(d.next_value, 3);
  EXPECT_EQ(d.stop_at_ns, 13 * kSec);
  EXPECT_EQ(r.stop_reason(), "max_reached");
  EXPECT_FALSE(r.first_failing());
}

TEST(AdaptiveScaleRules, AFailingFirstWindowStopsAtOnce) {
  RampUntilFail r(settings(4, 64));
  const AdaptiveDecision d = r.decide(false, 0, 7 * kSec);
  EXPECT_EQ(d.action, AdaptiveAction::stop);
  EXPECT_EQ(d.stop_at_ns, 7 * kSec);
  EXPECT_EQ(r.stop_reason(), "no_passing_value");
  EXPECT_FALSE(r.last_passing());
  EXPECT_EQ(r.first_failing(), 4);
}

TEST(AdaptiveScaleRules, BindingMarginIsTheLeastRelativeHeadroom) {
  const std::vector<WindowSlaFilter> f = {filter("a", "avg", WindowSlaOp::le, 600),
                                          filter("b", "avg", WindowSlaOp::ge, 100),
                                          filter("c", "avg", WindowSlaOp::le, 0)};
  std::vector<WindowFilterVerdict> v(3);
  v[0].margin = 300;  // 50 % of 600 left
  v[1].margin = 20;   // 20 % above 100
  v[2].margin = 0;    // a zero threshold has no relative margin: ignored
  EXPECT_DOUBLE_EQ(binding_relative_margin(v, f), 0.2);
  v[1].margin.reset();  // no value: no headroom
  EXPECT_EQ(binding_relative_margin(v, f), 0);
}

// ---- windows --------------------------------------------------------------------------------

RecordMetrics ttft_ms(double ms) {
  RecordMetrics m;
  m[MetricId::time_to_first_token] = ms * 1e6;
  m[MetricId::output_sequence_length] = 10;
  return m;
}

TEST(AdaptiveScaleWindows, AWindowNeedsItsPeriodAndItsRequests) {
  AdaptiveScaleSettings s = settings(1, 64);
  s.min_completed_requests = 4;
  AdaptiveScaleController c(s, /*streaming=*/true);
  // Window 0 opens at its earliest send (10 s).
  EXPECT_FALSE(c.add(10 * kSec + 5, 10 * kSec + 100, false, ttft_ms(100), 10 * kSec + 200));
  EXPECT_FALSE(c.add(10 * kSec, 10 * kSec + 300, false, ttft_ms(200), 10 * kSec + 400));
  // The period has passed with three requests: extended.
  EXPECT_FALSE(c.add(10 * kSec + 10, 11 * kSec + 100, false, ttft_ms(300), 11 * kSec + 200));
  std::optional<AdaptiveWindowReport> r = c.add(10 * kSec + 20, 11 * kSec + 300, false, ttft_ms(400), 11 * kSec + 400);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->index, 0);
  EXPECT_EQ(r->open_ns, 10 * kSec);
  EXPECT_EQ(r->close_ns, 11 * kSec + 400);
  EXPECT_TRUE(r->extended);
  EXPECT_EQ(r->completed, 4);
  EXPECT_EQ(r->value, 1);
  ASSERT_EQ(r->filters.size(), 1u);
  // p99 of 100, 200, 300, 400 (NumPy linear): 397.
  EXPECT_NEAR(*r->filters[0].observed, 397, 1e-9);
  EXPECT_TRUE(r->passed);
  EXPECT_EQ(r->decision.action, AdaptiveAction::raise);
  EXPECT_EQ(c.value(), 2);
}

TEST(AdaptiveScaleWindows, OnlyRequestsSentUnderTheWindowsValueCount) {
  AdaptiveScaleController c(settings(1, 64), true);
  for (int i = 0; i < 3; ++i) c.add(0 + i, 1 * kSec + i, false, ttft_ms(10), 1 * kSec + i);
  ASSERT_EQ(c.windows(), 1);  // judged at 1 s + 2 ns; window 1 opens then
  const int64_t open = 1 * kSec + 2;
  // Sent before window 1 opened (under value 1), finished after: belongs to no window.
  EXPECT_FALSE(c.add(open - 100, 3 * kSec, false, ttft_ms(5000), 3 * kSec));
  EXPECT_FALSE(c.add(open + 1, 3 * kSec, false, ttft_ms(500), 3 * kSec));
  EXPECT_FALSE(c.add(open + 2, 3 * kSec, false, ttft_ms(500), 3 * kSec));
  std::optional<AdaptiveWindowReport> r = c.add(open + 3, 3 * kSec, false, ttft_ms(700), 3 * kSec);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->completed, 3);
  EXPECT_EQ(r->value, 2);
  EXPECT_NEAR(*r->filters[0].observed, 696, 1e-9);  // p99 of 500, 500, 700
  EXPECT_FALSE(r->passed);
  EXPECT_EQ(r->decision.action, AdaptiveAction::fall_back);
  EXPECT_EQ(c.value(), 1);
  EXPECT_EQ(c.stop_at_ns(), 3 * kSec + 10 * kSec);
  // After the stop time nothing more is judged.
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(c.add(14 * kSec, 15 * kSec, false, ttft_ms(1), 20 * kSec));
}

TEST(AdaptiveScaleWindows, AMissingValueFailsAndErrorsCountAsRequests) {
  AdaptiveScaleSettings s = settings(1, 64);
  s.sla.push_back(filter("request_error_rate", "avg", WindowSlaOp::le, 10));
  AdaptiveScaleController c(s, true);
  RecordMetrics error;  // an error record has no TTFT
  c.add(1, 2, true, error, 2);
  c.add(1, 2, true, error, 2);
  std::optional<AdaptiveWindowReport> r = c.add(1, 2, true, error, 2 * kSec);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->failed, 3);
  EXPECT_FALSE(r->filters[0].observed);
  EXPECT_FALSE(r->filters[0].passed);
  EXPECT_DOUBLE_EQ(*r->filters[1].observed, 100);
  EXPECT_EQ(r->decision.action, AdaptiveAction::stop);
}

TEST(AdaptiveScaleWindows, ThroughputIsPerWindowSecond) {
  AdaptiveScaleSettings s = settings(1, 64);
  s.sla = {filter("request_throughput", "avg", WindowSlaOp::ge, 1),
           filter("output_token_throughput", "avg", WindowSlaOp::ge, 1)};
  AdaptiveScaleController c(s, false);
  c.add(kSec, kSec + 1, false, ttft_ms(1), kSec + 1);
  c.add(kSec, kSec + 2, false, ttft_ms(1), kSec + 2);
  std::optional<AdaptiveWindowReport> r = c.add(kSec, 3 * kSec, false, ttft_ms(1), 3 * kSec);
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(*r->filters[0].observed, 1.5);  // 3 requests in 2 s
  EXPECT_DOUBLE_EQ(*r->filters[1].observed, 15);   // 30 tokens in 2 s
}

TEST(AdaptiveScaleWindows, FiltersItCannotJudgeAreRefusedUpFront) {
  auto error_of = [](WindowSlaFilter f, bool streaming) {
    AdaptiveScaleSettings s = settings(1, 8);
    f.text = "the filter";
    s.sla = {f};
    try {
      AdaptiveScaleController c(s, streaming);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error_of(filter("time_to_first_tokn", "p99", WindowSlaOp::le, 1), true),
            "phases.profiling.sla 'the filter': unknown metric 'time_to_first_tokn' (did you mean "
            "'time_to_first_token'?)");
  EXPECT_EQ(error_of(filter("time_to_first_token", "p99", WindowSlaOp::le, 1), false),
            "phases.profiling.sla 'the filter': time_to_first_token needs endpoint.streaming: true");
  EXPECT_EQ(error_of(filter("request_throughput", "p99", WindowSlaOp::ge, 1), true),
            "phases.profiling.sla 'the filter': request_throughput is one value per window: use stat avg");
  EXPECT_NE(error_of(filter("goodput", "avg", WindowSlaOp::ge, 1), true).find("cannot be judged per window"),
            std::string::npos);
  EXPECT_EQ(error_of(filter("request_latency", "avg", WindowSlaOp::le, 1), false), "");
}

}  // namespace
}  // namespace aiperf
