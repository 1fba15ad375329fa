#include "sweep/sla_filter.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "config/profile_config.h"

namespace aiperf {
namespace {

std::string parse_error(const std::string& text) {
  try {
    parse_sla_filter(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SlaFilterParse, ReadsTheFourFields) {
  SlaFilter f = parse_sla_filter("time_to_first_token:p99:le:600");
  EXPECT_EQ(f.metric_tag, "time_to_first_token");
  EXPECT_EQ(f.stat, "p99");
  EXPECT_EQ(f.op, SlaOp::le);
  EXPECT_EQ(f.threshold, 600);
  EXPECT_EQ(parse_sla_filter("request_throughput:avg:gt:12.5").op, SlaOp::gt);
  EXPECT_EQ(parse_sla_filter("request_throughput:avg:ge:1e3").threshold, 1000);
  EXPECT_EQ(parse_sla_filter("x:min:lt:-2.5").threshold, -2.5);
  EXPECT_EQ(parse_sla_filter("x:p1:lt:+7").threshold, 7);
  for (const char* stat : {"avg", "min", "max", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99"})
    EXPECT_EQ(parse_sla_filter(std::string("x:") + stat + ":le:1").stat, stat);
}

TEST(SlaFilterParse, ErrorsNameTheTextAndTheProblem) {
  EXPECT_EQ(parse_error("time_to_first_token:p99:le"),
            "--search-sla 'time_to_first_token:p99:le': expected metric_tag:stat:op:threshold (4 fields "
            "separated by ':'), got 3 fields");
  EXPECT_EQ(parse_error("ttft"),
            "--search-sla 'ttft': expected metric_tag:stat:op:threshold (4 fields separated by ':'), got 1 field");
  EXPECT_EQ(parse_error("a:p99:le:1:2"),
            "--search-sla 'a:p99:le:1:2': expected metric_tag:stat:op:threshold (4 fields separated by ':'), got 5 "
            "fields");
  EXPECT_EQ(parse_error(":p99:le:600"), "--search-sla ':p99:le:600': empty metric tag");
  EXPECT_EQ(parse_error("time_to_first_token:p98:le:600"),
            "--search-sla 'time_to_first_token:p98:le:600': unknown stat 'p98' (choose from avg, min, max, p1, p5, "
            "p10, p25, p50, p75, p90, p95, p99)");
  EXPECT_EQ(parse_error("time_to_first_token:p99:lte:600"),
            "--search-sla 'time_to_first_token:p99:lte:600': unknown op 'lte' (choose from lt, le, gt, ge)");
  EXPECT_EQ(parse_error("time_to_first_token:p99:le:600ms"),
            "--search-sla 'time_to_first_token:p99:le:600ms': threshold '600ms' is not a finite number");
  for (const char* bad : {"x:avg:le:", "x:avg:le:inf", "x:avg:le:nan", "x:avg:le:1e999", "x:avg:le: 5", "x:avg:le:abc"})
    EXPECT_NE(parse_error(bad).find("is not a finite number"), std::string::npos) << bad;
}

TEST(SlaFilterParse, OptionNameIsTheCallers) {
  try {
    parse_sla_filter("x:avg:eq:1", "sweep.sla_filters[2]");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "sweep.sla_filters[2] 'x:avg:eq:1': unknown op 'eq' (choose from lt, le, gt, ge)");
  }
}

TEST(SlaFilterParse, SpelledBack) {
  EXPECT_EQ(sla_filter_text(parse_sla_filter("time_to_first_token:p99:le:600")), "time_to_first_token:p99:le:600");
  EXPECT_EQ(sla_filter_text(parse_sla_filter("request_error_rate:avg:lt:0.5")), "request_error_rate:avg:lt:0.5");
  EXPECT_EQ(sla_op_name(SlaOp::ge), "ge");
}

TEST(SlaCompare, EachOpAtTheBoundary) {
  EXPECT_FALSE(sla_compare(600, SlaOp::lt, 600));
  EXPECT_TRUE(sla_compare(599.9, SlaOp::lt, 600));
  EXPECT_TRUE(sla_compare(600, SlaOp::le, 600));
  EXPECT_FALSE(sla_compare(600.1, SlaOp::le, 600));
  EXPECT_FALSE(sla_compare(10, SlaOp::gt, 10));
  EXPECT_TRUE(sla_compare(10.1, SlaOp::gt, 10));
  EXPECT_TRUE(sla_compare(10, SlaOp::ge, 10));
  EXPECT_FALSE(sla_compare(9.9, SlaOp::ge, 10));
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(sla_compare(std::nan(""), SlaOp::le, 600));
  EXPECT_FALSE(sla_compare(inf, SlaOp::gt, 10));  // non-finite is a failure, whatever the op
  EXPECT_FALSE(sla_compare(-inf, SlaOp::lt, 10));
}

TEST(SlaMargin, PositiveInsideTheSla) {
  EXPECT_EQ(sla_margin(550, SlaOp::le, 600), 50);
  EXPECT_EQ(sla_margin(650, SlaOp::lt, 600), -50);
  EXPECT_EQ(sla_margin(12, SlaOp::ge, 10), 2);
  EXPECT_EQ(sla_margin(8, SlaOp::gt, 10), -2);
}

nlohmann::json trial(double ttft_p99, double throughput) {
  return {{"schema_version", "1.5"},
          {"time_to_first_token", {{"unit", "ms"}, {"avg", ttft_p99 / 2}, {"p99", ttft_p99}}},
          {"request_throughput", {{"unit", "requests/sec"}, {"avg", throughput}}},
          {"request_error_rate", {{"unit", "%"}, {"avg", 0.0}}}};
}

TEST(SummaryStat, ReadsFiniteNumbersOnly) {
  nlohmann::json s = trial(500, 10);
  s["time_to_first_token"]["p90"] = nullptr;  // how the summary writes a non-finite value
  s["time_to_first_token"]["p50"] = "12";
  EXPECT_EQ(summary_stat(s, "time_to_first_token", "p99"), 500);
  EXPECT_EQ(summary_stat(s, "time_to_first_token", "p90"), std::nullopt);
  EXPECT_EQ(summary_stat(s, "time_to_first_token", "p50"), std::nullopt);
  EXPECT_EQ(summary_stat(s, "time_to_first_token", "p95"), std::nullopt);
  EXPECT_EQ(summary_stat(s, "no_such_metric", "avg"), std::nullopt);
  EXPECT_EQ(summary_stat(s, "schema_version", "avg"), std::nullopt);
  EXPECT_EQ(summary_stat(nlohmann::json::array(), "x", "avg"), std::nullopt);
}

TEST(SlaPasses, MissingValueFails) {
  nlohmann::json s = trial(500, 10);
  TrialStats stats = summary_stats(s);
  EXPECT_TRUE(sla_passes(parse_sla_filter("time_to_first_token:p99:le:500"), stats));
  EXPECT_FALSE(sla_passes(parse_sla_filter("time_to_first_token:p99:lt:500"), stats));
  EXPECT_FALSE(sla_passes(parse_sla_filter("time_to_first_token:p95:le:100000"), stats));
  EXPECT_FALSE(sla_passes(parse_sla_filter("no_such_metric:avg:ge:0"), stats));
  // request_error_rate is in percent points in the summary: 0 % passes "at most 1 %".
  EXPECT_TRUE(sla_passes(parse_sla_filter("request_error_rate:avg:le:1"), stats));
}

TEST(EvaluateProbe, FeasibleWhenOneTrialPassesEverything) {
  const std::vector<nlohmann::json> trials{trial(550, 10), trial(650, 12), trial(700, 14)};
  const std::vector<SlaFilter> filters{parse_sla_filter("time_to_first_token:p99:le:600"),
                                       parse_sla_filter("request_throughput:avg:ge:9")};
  ProbeResult r = probe_from_summaries({16}, trials, filters, MetricStat{"request_throughput", "avg"});
  EXPECT_EQ(r.point, std::vector<double>{16});
  EXPECT_EQ(r.successful_trials, 3);
  EXPECT_EQ(r.passing_trials, 1);
  EXPECT_TRUE(r.feasible);
  ASSERT_EQ(r.observed.size(), 2u);
  EXPECT_DOUBLE_EQ(*r.observed[0], (550.0 + 650 + 700) / 3);  // 633.33
  EXPECT_DOUBLE_EQ(*r.observed[1], 12);
  ASSERT_EQ(r.margins.size(), 2u);
  EXPECT_DOUBLE_EQ(*r.margins[0], 600 - (550.0 + 650 + 700) / 3);  // negative: the mean is outside
  EXPECT_DOUBLE_EQ(*r.margins[1], 3);
  EXPECT_DOUBLE_EQ(*r.objective, 12);
}

TEST(EvaluateProbe, EachTrialMustPassAllFilters) {
  // Trial 1 meets the latency SLA but not the throughput one, trial 2 the other way round:
  // every filter is met by some trial, no trial meets both.
  const std::vector<nlohmann::json> trials{trial(500, 5), trial(700, 20)};
  const std::vector<SlaFilter> filters{parse_sla_filter("time_to_first_token:p99:le:600"),
                                       parse_sla_filter("request_throughput:avg:ge:10")};
  ProbeResult r = probe_from_summaries({8}, trials, filters, std::nullopt);
  EXPECT_EQ(r.passing_trials, 0);
  EXPECT_FALSE(r.feasible);
  EXPECT_FALSE(r.objective.has_value());
  EXPECT_DOUBLE_EQ(*r.margins[0], 0);   // mean 600
  EXPECT_DOUBLE_EQ(*r.margins[1], 2.5);  // mean 12.5
}

TEST(EvaluateProbe, NoSuccessfulTrialIsInfeasible) {
  const std::vector<SlaFilter> filters{parse_sla_filter("time_to_first_token:p99:le:600")};
  ProbeResult r = probe_from_summaries({4}, {}, filters, MetricStat{"request_throughput", "avg"});
  EXPECT_EQ(r.successful_trials, 0);
  EXPECT_FALSE(r.feasible);
  ASSERT_EQ(r.observed.size(), 1u);
  EXPECT_FALSE(r.observed[0].has_value());
  EXPECT_FALSE(r.margins[0].has_value());
  EXPECT_FALSE(r.objective.has_value());
}

TEST(EvaluateProbe, WithoutFiltersEverySuccessfulTrialPasses) {
  const std::vector<nlohmann::json> trials{trial(550, 10), trial(650, 12)};
  ProbeResult r = probe_from_summaries({1}, trials, {}, MetricStat{"time_to_first_token", "p99"});
  EXPECT_EQ(r.passing_trials, 2);
  EXPECT_TRUE(r.feasible);
  EXPECT_DOUBLE_EQ(*r.objective, 600);
}

TEST(EvaluateProbe, ObservedSkipsTrialsWithoutTheValue) {
  std::vector<nlohmann::json> trials{trial(550, 10), trial(650, 12)};
  trials[1]["time_to_first_token"].erase("p99");
  const std::vector<SlaFilter> filters{parse_sla_filter("time_to_first_token:p99:le:600"),
                                       parse_sla_filter("no_such_metric:avg:le:1")};
  ProbeResult r = probe_from_summaries({1}, trials, filters, std::nullopt);
  EXPECT_DOUBLE_EQ(*r.observed[0], 550);
  EXPECT_DOUBLE_EQ(*r.margins[0], 50);
  EXPECT_FALSE(r.observed[1].has_value());
  EXPECT_FALSE(r.feasible);  // the unknown metric fails every trial
}

TEST(EvaluateProbe, TakesAnyLookup) {
  const std::vector<TrialStats> trials{
      [](std::string_view tag, std::string_view stat) -> std::optional<double> {
        if (tag == "goodput" && stat == "avg") return 42;
        return std::nullopt;
      }};
  const std::vector<SlaFilter> filters{parse_sla_filter("goodput:avg:gt:40")};
  ProbeResult r = evaluate_probe({2, 3}, trials, filters, MetricStat{"goodput", "avg"});
  EXPECT_TRUE(r.feasible);
  EXPECT_DOUBLE_EQ(*r.margins[0], 2);
  EXPECT_DOUBLE_EQ(*r.objective, 42);
}

}  // namespace
}  // namespace aiperf
