#include "publish/otlp_run_metrics.h"

#include <gtest/gtest.h>

#include "publish_fixture.h"

namespace aiperf {
namespace {

const OtlpMetric* orm_find(const OtlpExport& e, std::string_view name) {
  for (const OtlpMetric& m : e.metrics)
    if (m.name == name) return &m;
  return nullptr;
}

std::string orm_attr(const OtlpAttributes& attributes, std::string_view key) {
  for (const OtlpAttribute& a : attributes)
    if (a.key == key) return std::get<std::string>(a.value);
  return "";
}

TEST(OtlpRunMetrics, GenAiHistogramsFromTheRecordsInSeconds) {
  testing::FixtureRun f;
  const OtlpExport e = build_run_metrics(f.run, OtelSettings{});
  const OtlpMetric* duration = orm_find(e, "gen_ai.client.operation.duration");
  ASSERT_NE(duration, nullptr);
  EXPECT_EQ(duration->unit, "s");
  ASSERT_EQ(duration->histogram_points.size(), 2u);  // successes, and the HTTP 500 with error.type
  const ExplicitHistogram& ok = duration->histogram_points[0].histogram;
  EXPECT_EQ(ok.count(), 3u);  // the warm-up line is not counted
  EXPECT_NEAR(ok.sum(), 0.6, 1e-12);
  EXPECT_EQ(orm_attr(duration->histogram_points[0].attributes, "gen_ai.operation.name"), "chat");
  EXPECT_EQ(orm_attr(duration->histogram_points[0].attributes, "gen_ai.provider.name"), "_OTHER");
  EXPECT_EQ(orm_attr(duration->histogram_points[0].attributes, "gen_ai.request.model"), "mock-model");
  EXPECT_EQ(orm_attr(duration->histogram_points[0].attributes, "error.type"), "");
  const OtlpHistogramPoint& failed = duration->histogram_points[1];
  EXPECT_EQ(orm_attr(failed.attributes, "error.type"), "http_5xx");
  EXPECT_EQ(failed.histogram.count(), 1u);
  EXPECT_NEAR(failed.histogram.sum(), 0.05, 1e-9);  // from the line's start and end times

  const OtlpMetric* ttfc = orm_find(e, "gen_ai.client.operation.time_to_first_chunk");
  ASSERT_NE(ttfc, nullptr);
  EXPECT_NEAR(ttfc->histogram_points.at(0).histogram.sum(), 0.06, 1e-12);
  const OtlpMetric* tpoc = orm_find(e, "gen_ai.client.operation.time_per_output_chunk");
  ASSERT_NE(tpoc, nullptr);
  EXPECT_NEAR(tpoc->histogram_points.at(0).histogram.sum(), 0.018, 1e-12);

  const OtlpMetric* tokens = orm_find(e, "gen_ai.client.token.usage");
  ASSERT_NE(tokens, nullptr);
  EXPECT_EQ(tokens->unit, "{token}");
  ASSERT_EQ(tokens->histogram_points.size(), 2u);
  EXPECT_EQ(orm_attr(tokens->histogram_points[0].attributes, "gen_ai.token.type"), "input");
  EXPECT_DOUBLE_EQ(tokens->histogram_points[0].histogram.sum(), 128);
  EXPECT_EQ(orm_attr(tokens->histogram_points[1].attributes, "gen_ai.token.type"), "output");
  EXPECT_DOUBLE_EQ(tokens->histogram_points[1].histogram.sum(), 40);
}

TEST(OtlpRunMetrics, OtherRecordMetricsAreAiperfHistogramsInTheirUnit) {
  testing::FixtureRun f;
  const OtlpExport e = build_run_metrics(f.run, OtelSettings{});
  const OtlpMetric* icl = orm_find(e, "aiperf.inter_chunk_latency");
  ASSERT_NE(icl, nullptr);
  EXPECT_EQ(icl->unit, "ms");
  EXPECT_EQ(icl->histogram_points.at(0).histogram.count(), 6u);  // each list element
  const OtlpMetric* error_isl = orm_find(e, "aiperf.error_isl");
  ASSERT_NE(error_isl, nullptr);
  EXPECT_EQ(orm_attr(error_isl->histogram_points.at(0).attributes, "error.type"), "http_5xx");
  EXPECT_EQ(orm_find(e, "aiperf.request_latency"), nullptr);  // published as the GenAI instrument
}

TEST(OtlpRunMetrics, TimingCountersAndWindow) {
  testing::FixtureRun f;
  const OtlpExport e = build_run_metrics(f.run, OtelSettings{});
  auto value = [&](std::string_view name) {
    const OtlpMetric* m = orm_find(e, name);
    EXPECT_NE(m, nullptr) << name;
    return m ? std::get<int64_t>(m->number_points.at(0).value) : -1;
  };
  EXPECT_EQ(value("aiperf.timing.requests.sent"), 4);
  EXPECT_EQ(value("aiperf.timing.requests.completed"), 4);
  EXPECT_EQ(value("aiperf.timing.requests.errors"), 1);
  EXPECT_EQ(value("aiperf.timing.requests.cancelled"), 0);
  EXPECT_EQ(value("aiperf.timing.sessions.sent"), 4);
  EXPECT_EQ(value("aiperf.timing.phase.was_cancelled"), 0);
  EXPECT_EQ(orm_find(e, "aiperf.timing.requests.sent")->instrument, OtlpInstrument::counter);
  EXPECT_EQ(orm_find(e, "aiperf.timing.requests.in_flight")->instrument, OtlpInstrument::up_down_counter);
  EXPECT_DOUBLE_EQ(std::get<double>(orm_find(e, "aiperf.timing.phase.elapsed_sec")->number_points.at(0).value), 0.5);
  EXPECT_EQ(e.start_unix_ns, 1700000000000000000LL);
  EXPECT_EQ(e.end_unix_ns, 1700000000302000000LL);  // session 2: start + 300 ms
}

TEST(OtlpRunMetrics, StreamSelectsFamilies) {
  testing::FixtureRun f;
  OtelSettings metrics_only;
  metrics_only.stream_timing = false;
  const OtlpExport m = build_run_metrics(f.run, metrics_only);
  EXPECT_NE(orm_find(m, "gen_ai.client.operation.duration"), nullptr);
  EXPECT_EQ(orm_find(m, "aiperf.timing.requests.sent"), nullptr);
  OtelSettings timing_only;
  timing_only.stream_metrics = false;
  const OtlpExport t = build_run_metrics(f.run, timing_only);
  EXPECT_EQ(orm_find(t, "gen_ai.client.operation.duration"), nullptr);
  EXPECT_NE(orm_find(t, "aiperf.timing.requests.sent"), nullptr);
}

TEST(OtlpRunMetrics, ResourceAttributesUserValuesWinAndProviderOverride) {
  testing::FixtureRun f;
  OtelSettings s;
  s.resource_attributes = {{"deployment.environment", "lab"}, {"service.name", "bench"}};
  s.gen_ai_provider = "openai";
  const OtlpExport e = build_run_metrics(f.run, s);
  EXPECT_EQ(orm_attr(e.resource, "service.name"), "bench");
  EXPECT_EQ(orm_attr(e.resource, "service.version"), "0.1.0");
  EXPECT_EQ(orm_attr(e.resource, "aiperf.benchmark_id"), f.run.benchmark_id);
  EXPECT_EQ(orm_attr(e.resource, "deployment.environment"), "lab");
  EXPECT_EQ(
      orm_attr(orm_find(e, "gen_ai.client.operation.duration")->histogram_points[0].attributes, "gen_ai.provider.name"),
      "openai");
  EXPECT_EQ(e.scope_name, "aiperf");
}

TEST(OtlpRunMetrics, SeveralModelsLeaveTheModelAttributeOut) {
  testing::FixtureRun f;
  f.run.models = {"a", "b"};
  const OtlpExport e = build_run_metrics(f.run, OtelSettings{});
  EXPECT_EQ(
      orm_attr(orm_find(e, "gen_ai.client.operation.duration")->histogram_points[0].attributes, "gen_ai.request.model"),
      "");
}

TEST(OtlpRunMetrics, WithoutRecordsTheCountersComeFromTheSummary) {
  testing::FixtureRun f;
  f.run.records_file.clear();
  const OtlpExport e = build_run_metrics(f.run, OtelSettings{});
  EXPECT_EQ(orm_find(e, "gen_ai.client.operation.duration"), nullptr);
  EXPECT_EQ(std::get<int64_t>(orm_find(e, "aiperf.timing.requests.sent")->number_points.at(0).value), 4);
  EXPECT_EQ(std::get<int64_t>(orm_find(e, "aiperf.timing.requests.errors")->number_points.at(0).value), 1);
  EXPECT_EQ(orm_find(e, "aiperf.timing.sessions.sent"), nullptr);  // the summary knows no sessions
  EXPECT_EQ(orm_find(e, "aiperf.timing.requests.cancelled"), nullptr);
  EXPECT_EQ(e.start_unix_ns, 1700000000000000000LL);
}

}  // namespace
}  // namespace aiperf
