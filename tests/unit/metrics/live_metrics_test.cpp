// The live view's statistics: the relative-error sketch against exact NumPy-style statistics,
// and the record sink that publishes real-time snapshots (docs/ui.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "metrics/live_metrics.h"
#include "metrics/relative_histogram.h"
#include "metrics/statistics.h"

namespace aiperf {
namespace {

TEST(RelativeHistogram, QuantilesWithinTheRelativeAccuracyAndExactMoments) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> dist(std::log(20e6), 0.6);  // TTFT-like, in ns
  RelativeHistogram h(0.001);
  std::vector<double> xs;
  for (int i = 0; i < 20000; ++i) {
    xs.push_back(dist(rng));
    h.add(xs.back());
  }
  std::sort(xs.begin(), xs.end());
  double mean = 0;
  for (double x : xs) mean += x;
  mean /= double(xs.size());
  EXPECT_EQ(h.count(), 20000);
  EXPECT_NEAR(h.mean(), mean, mean * 1e-12);
  EXPECT_EQ(h.min(), xs.front());
  EXPECT_EQ(h.max(), xs.back());
  EXPECT_NEAR(h.population_std(), population_std(xs, mean), 1e-6 * mean);
  for (double q : {1.0, 10.0, 50.0, 90.0, 99.0, 99.9}) {
    const double exact = percentile_linear(xs, q);
    EXPECT_NEAR(h.percentile(q), exact, exact * 0.0021) << "p" << q;  // α on each of two ranks
  }
  EXPECT_EQ(h.percentile(0), xs.front());
  EXPECT_EQ(h.percentile(100), xs.back());
}

TEST(RelativeHistogram, ZerosNegativesAndEmpty) {
  RelativeHistogram h;
  EXPECT_EQ(h.percentile(50), 0);
  EXPECT_EQ(h.population_std(), 0);
  h.add(0);
  h.add(-5);  // counted as 0
  h.add(10);
  EXPECT_EQ(h.count(), 3);
  EXPECT_EQ(h.min(), 0);
  EXPECT_EQ(h.percentile(50), 0);
  EXPECT_NEAR(h.percentile(100), 10, 1e-12);
}

RawRecord record(BenchmarkPhase phase, int64_t start_ns, int64_t end_ns) {
  RawRecord r;
  r.phase = phase;
  r.start_ns = start_ns;
  r.end_ns = end_ns;
  return r;
}

RecordMetrics metrics_with(double ttft_ns, double osl, double isl) {
  RecordMetrics m;
  m[MetricId::time_to_first_token] = ttft_ns;
  m[MetricId::output_sequence_length] = osl;
  m[MetricId::input_sequence_length] = isl;
  return m;
}

TEST(LiveMetrics, PublishesDisplayUnitsOverProfilingRecordsOnly) {
  LiveMetrics live(0);  // no interval: only publish() makes a snapshot
  EXPECT_EQ(live.latest(), nullptr);
  live.add(record(BenchmarkPhase::warmup, 0, 1'000'000'000), "", metrics_with(999e6, 1, 1), std::nullopt);
  for (int i = 0; i < 4; ++i)
    live.add(record(BenchmarkPhase::profiling, int64_t(i) * 500'000'000, int64_t(i + 1) * 500'000'000),
             "", metrics_with(10e6 * (i + 1), 100, 50), std::nullopt);
  live.add(record(BenchmarkPhase::profiling, 0, 10), "", RecordMetrics{}, ErrorDetails{500, "Internal Server Error", "x"});
  EXPECT_EQ(live.latest(), nullptr);
  live.publish(123);
  const auto snap = live.latest();
  ASSERT_NE(snap, nullptr);
  EXPECT_EQ(snap->taken_mono_ns, 123);
  EXPECT_EQ(snap->summary.valid_count, 4);
  EXPECT_EQ(snap->summary.error_count, 1);
  const MetricResult* ttft = snap->summary.find("time_to_first_token");
  ASSERT_NE(ttft, nullptr);
  EXPECT_EQ(ttft->unit, "ms");
  EXPECT_TRUE(ttft->distribution);
  EXPECT_EQ(ttft->count, 4);
  EXPECT_NEAR(ttft->avg, 25.0, 1e-9);  // the warm-up record's 999 ms is not in it
  EXPECT_NEAR(*ttft->min, 10.0, 1e-9);
  EXPECT_NEAR(*ttft->max, 40.0, 1e-9);
  EXPECT_NEAR(*ttft->p50, 25.0, 25.0 * 0.0021);
  // Span 0..2 s: 4 requests and 400 output tokens.
  EXPECT_NEAR(snap->span_s, 2.0, 1e-12);
  EXPECT_NEAR(snap->summary.find("request_throughput")->avg, 2.0, 1e-12);
  EXPECT_NEAR(snap->summary.find("output_token_throughput")->avg, 200.0, 1e-9);
  EXPECT_EQ(snap->summary.find("request_count")->avg, 4);
}

TEST(LiveMetrics, AnIntervalPublishesAsRecordsArrive) {
  LiveMetrics live(1);  // 1 ns: every record is due
  live.add(record(BenchmarkPhase::profiling, 0, 100), "", metrics_with(1e6, 2, 2), std::nullopt);
  auto first = live.latest();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->summary.valid_count, 1);
  live.add(record(BenchmarkPhase::profiling, 0, 200), "", metrics_with(3e6, 2, 2), std::nullopt);
  EXPECT_EQ(live.latest()->summary.valid_count, 2);
  EXPECT_EQ(first->summary.valid_count, 1);  // a published snapshot never changes
}

}  // namespace
}  // namespace aiperf
