// --steady-state detection (metrics/steady_state_stats.h, metrics/steady_state.h) on synthetic
// series whose change points are known.
#include <cmath>
#include <numeric>
#include <random>

#include <gtest/gtest.h>

#include "metrics/metric_accumulator.h"
#include "metrics/slice_records.h"
#include "metrics/steady_state.h"
#include "metrics/steady_state_stats.h"

namespace aiperf {
namespace {

// A trapezoid: a linear ramp to `level` over `up` bins, the plateau (with small noise), and a
// linear ramp down over the last `down` bins.
std::vector<double> ss_trapezoid(size_t n, size_t up, size_t down, double level, double noise, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> jitter(0, noise);
  std::vector<double> x(n);
  for (size_t i = 0; i < n; ++i) {
    double v = level;
    if (i < up) v = level * double(i + 1) / double(up + 1);
    if (i >= n - down) v = level * double(n - i) / double(down + 1);
    x[i] = v + (noise > 0 ? jitter(rng) : 0);
  }
  return x;
}

TEST(SteadyStateCusum, FindsTheEndsOfARampUpAndADrain) {
  const std::vector<double> x = ss_trapezoid(200, 30, 20, 8, 0.05, 1);
  const Plateau p = cusum_plateau(x);
  // The ramp's last bins are within the noise allowance of the level: a bin or two early at most.
  EXPECT_GE(p.first, 26u);
  EXPECT_LE(p.first, 31u);
  EXPECT_GE(p.end, 180u);
  EXPECT_LE(p.end, 183u);
}

TEST(SteadyStateCusum, AFlatCurveIsAllPlateau) {
  const std::vector<double> flat(100, 8.0);
  const Plateau p = cusum_plateau(flat);
  EXPECT_EQ(p.first, 0u);
  EXPECT_EQ(p.end, 100u);
  // Poisson-like counts: their noise is not a change.
  std::mt19937 rng(3);
  std::poisson_distribution<int> counts(20);
  std::vector<double> c(60);
  for (double& v : c) v = counts(rng);
  const Plateau q = cusum_plateau(c, {0.05, true});
  EXPECT_EQ(q.first, 0u);
  EXPECT_EQ(q.end, 60u);
}

TEST(SteadyStateCusum, AStepUpIsTheRampEnd) {
  std::vector<double> x(100, 10.0);
  for (size_t i = 0; i < 25; ++i) x[i] = 2;
  const Plateau p = cusum_plateau(x);
  EXPECT_EQ(p.first, 25u);
  EXPECT_EQ(p.end, 100u);
  EXPECT_EQ(cusum_plateau(std::vector<double>{1, 2, 3}).end, 3u);  // too short to judge
}

TEST(SteadyStateMser, TruncatesAnInitialTransient) {
  // 100 samples decaying from 60 towards 10, then 900 stationary ones around 10.
  std::mt19937 rng(7);
  std::normal_distribution<double> noise(0, 1);
  BatchMeans batches;
  for (int i = 0; i < 1000; ++i) {
    const double bias = i < 100 ? 50.0 * (1 - i / 100.0) : 0;
    batches.add(10 + bias + noise(rng), i);
  }
  EXPECT_EQ(batches.batch_size(), 5u);
  const std::vector<double> means = batches.means();
  ASSERT_EQ(means.size(), 200u);
  const std::optional<size_t> d = mser_truncation(means);
  ASSERT_TRUE(d);
  EXPECT_GE(*d, 14u);  // most of the 20 biased batches go
  EXPECT_LE(*d, 22u);
  EXPECT_EQ(batches.first_time(*d), int64_t(*d * 5));
}

TEST(SteadyStateMser, LeavesAStationarySeriesNearlyWhole) {
  std::mt19937 rng(11);
  std::normal_distribution<double> noise(100, 5);
  std::vector<double> y(400);
  for (double& v : y) v = noise(rng);
  const std::optional<size_t> d = mser_truncation(y);
  ASSERT_TRUE(d);
  EXPECT_LT(*d, 40u);
  EXPECT_FALSE(mser_truncation(std::vector<double>(9, 1.0)));  // too short
}

TEST(SteadyStateMser, IgnoresOneStrayRequest) {
  // A flat series with one batch 20 sigma off at a third of the way: without winsorizing, MSER
  // would cut everything up to it.
  std::mt19937 rng(13);
  std::normal_distribution<double> noise(55, 0.02);
  std::vector<double> y(150);
  for (double& v : y) v = noise(rng);
  y[50] += 0.4;
  const std::optional<size_t> d = mser_truncation(y);
  ASSERT_TRUE(d);
  EXPECT_LT(*d, 20u);
}

TEST(SteadyStateBatchMeans, DoublesTheBatchSizeAtTheCap) {
  BatchMeans b(5, 4);
  for (int i = 0; i < 39; ++i) b.add(double(i), i * 10);
  // The 21st sample finds 4 whole batches of 5: they become 2 of 10. 39 samples at batch size
  // 10 make 3 whole batches and a partial one, which means() leaves out.
  EXPECT_EQ(b.batch_size(), 10u);
  EXPECT_EQ(b.samples(), 39u);
  const std::vector<double> means = b.means();
  ASSERT_EQ(means.size(), 3u);
  EXPECT_DOUBLE_EQ(means[0], 4.5);
  EXPECT_DOUBLE_EQ(means[2], 24.5);
  EXPECT_EQ(b.first_time(1), 100);
  EXPECT_EQ(b.complete().size(), 3u);
}

TEST(SteadyStateAutocorrelation, MeasuresAnAr1Series) {
  std::mt19937 rng(5);
  std::normal_distribution<double> noise(0, 1);
  Lag1Autocorrelation ar, iid;
  double x = 0;
  for (int i = 0; i < 20000; ++i) {
    x = 0.8 * x + noise(rng);
    ar.add(1e8 + x);  // latencies in ns: large values, small spread
    iid.add(1e8 + noise(rng));
  }
  ASSERT_TRUE(ar.value());
  EXPECT_NEAR(*ar.value(), 0.8, 0.02);
  EXPECT_NEAR(*iid.value(), 0.0, 0.03);
  EXPECT_NEAR(variance_inflation_factor(0.8), 9.0, 1e-12);
  EXPECT_EQ(variance_inflation_factor(-0.5), 1.0);
  EXPECT_NEAR(variance_inflation_factor(1.0), 199.0, 1e-9);
  Lag1Autocorrelation constant;
  for (int i = 0; i < 10; ++i) constant.add(3);
  EXPECT_FALSE(constant.value());
}

TEST(SteadyStateTrend, SpearmanWithStudentTPValue) {
  // scipy.stats.spearmanr(range(5), [1, 3, 2, 5, 4]): r = 0.8, p = 0.10408803866182788.
  const std::optional<Correlation> c = spearman_trend(std::vector<double>{1, 3, 2, 5, 4});
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->r, 0.8, 1e-12);
  EXPECT_NEAR(c->p_value, 0.10408803866182788, 1e-9);
  // Ties take their average rank: the Pearson correlation of (0..5) with ranks (0.5, 2.5, 2.5, 4, 0.5, 5).
  const std::optional<Correlation> t = spearman_trend(std::vector<double>{1, 2, 2, 3, 1, 4});
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->r, 0.5296408977028497, 1e-12);
  const std::optional<Correlation> up = spearman_trend(std::vector<double>{1, 2, 3, 4});
  ASSERT_TRUE(up);
  EXPECT_EQ(up->r, 1.0);
  EXPECT_EQ(up->p_value, 0.0);
  EXPECT_FALSE(spearman_trend(std::vector<double>{1, 1, 1, 1}));
  EXPECT_FALSE(spearman_trend(std::vector<double>{1, 2}));
}

TEST(SteadyStateBootstrap, IsDeterministicAndCoversTheMean) {
  std::vector<double> x(200);
  std::mt19937 rng(2);
  std::normal_distribution<double> noise(50, 10);
  for (double& v : x) v = noise(rng);
  const double mean = std::accumulate(x.begin(), x.end(), 0.0) / double(x.size());
  auto mean_of = [&](std::span<const size_t> picks) {
    double s = 0;
    for (size_t i : picks) s += x[i];
    return s / double(picks.size());
  };
  const std::optional<Interval> a = bootstrap_interval(x.size(), 2000, 0.95, 42, mean_of);
  const std::optional<Interval> b = bootstrap_interval(x.size(), 2000, 0.95, 42, mean_of);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->low, b->low);
  EXPECT_EQ(a->high, b->high);
  EXPECT_LT(a->low, mean);
  EXPECT_GT(a->high, mean);
  // About mean +- 1.96 sd / sqrt(n) = +- 1.39.
  EXPECT_NEAR(a->high - a->low, 2 * 1.96 * 10 / std::sqrt(200.0), 0.5);
  EXPECT_FALSE(bootstrap_interval(x.size(), 0, 0.95, 42, mean_of));
  EXPECT_FALSE(bootstrap_interval(1, 100, 0.95, 42, mean_of));
}

// A closed-loop run: `slots` clients, client k starts at k x ramp/slots and sends back-to-back
// 100 ms requests until it stops (the last ones stop one by one over the final second).
void ss_closed_loop(SliceRecords& records, int slots, int64_t ramp_ns, int64_t run_ns) {
  constexpr int64_t kT0 = 1'700'000'000'000'000'000, kLatency = 100'000'000;
  for (int k = 0; k < slots; ++k) {
    const int64_t stop = run_ns - int64_t(slots - 1 - k) * 1'000'000'000 / slots;
    for (int64_t t = k * ramp_ns / slots; t + kLatency <= stop; t += kLatency + 1'000'000) {
      SliceRecord r;
      r.start_wall_ns = kT0 + t;
      r.end_wall_ns = kT0 + t + kLatency;
      r.metrics[MetricId::request_latency] = double(kLatency + (t / 1'000'000) % 7 * 100'000);
      r.metrics[MetricId::time_to_first_token] = 20'000'000.0;
      records.push_back(std::move(r));
    }
  }
}

std::optional<double> ss_metric(const std::vector<MetricResult>& metrics, const std::string& tag) {
  for (const MetricResult& m : metrics)
    if (m.tag == tag) return m.avg;
  return std::nullopt;
}

TEST(SteadyStateWindow, LeavesOutTheRampAndTheDrain) {
  SliceRecords records;
  ss_closed_loop(records, 8, 2'000'000'000, 12'000'000'000);
  MetricAccumulator window;
  const SteadyStateWindow w = find_steady_state(records, SteadyStateSettings{}, 0, window);
  EXPECT_EQ(w.detection_method, "cusum_mser5");
  const int64_t up = w.ramp_up_end_ns - w.run_start_ns, down = w.ramp_down_start_ns - w.run_start_ns;
  EXPECT_GE(up, 1'700'000'000) << up;  // the last client starts at 1.75 s
  EXPECT_LE(up, 2'200'000'000) << up;
  EXPECT_GE(down, 10'800'000'000) << down;  // the first client stops at 11.0 s
  EXPECT_LE(down, 11'200'000'000) << down;
  EXPECT_LT(w.steady_state_requests, w.total_requests);
  EXPECT_GT(w.fraction_retained, 0.6);
  EXPECT_EQ(window.valid_count(), w.steady_state_requests);
  ASSERT_TRUE(w.mean_concurrency);
  EXPECT_NEAR(*w.mean_concurrency, 8 * 100.0 / 101, 0.2);
  ASSERT_TRUE(w.bootstrap_latency_ci_low_ms && w.bootstrap_throughput_ci_low);
  EXPECT_LT(*w.bootstrap_latency_ci_low_ms, *w.bootstrap_latency_ci_high_ms);
  EXPECT_GT(*w.bootstrap_latency_ci_low_ms, 99.9);
  EXPECT_LT(*w.bootstrap_latency_ci_high_ms, 100.7);
  ASSERT_TRUE(w.trend_correlation);
  const std::vector<MetricResult> metrics = window.summarize();
  EXPECT_EQ(ss_metric(metrics, "request_count"), double(w.steady_state_requests));
}

TEST(SteadyStateWindow, ManualWindowAndFallbacks) {
  SliceRecords records;
  ss_closed_loop(records, 4, 0, 10'000'000'000);
  MetricAccumulator manual;
  SteadyStateSettings settings;
  settings.start_pct = 20;
  settings.end_pct = 60;
  const SteadyStateWindow w = find_steady_state(records, settings, 0, manual);
  EXPECT_EQ(w.detection_method, "manual");
  const int64_t span = w.run_end_ns - w.run_start_ns;
  EXPECT_EQ(w.ramp_up_end_ns, w.run_start_ns + std::llround(double(span) * 0.2));
  EXPECT_EQ(w.ramp_down_start_ns, w.run_start_ns + std::llround(double(span) * 0.6));
  EXPECT_NEAR(w.fraction_retained, 0.4, 0.05);

  // A detected window can never be 100% of the run once the drain is left out: fall back.
  MetricAccumulator all;
  SteadyStateSettings strict;
  strict.min_window_pct = 100;
  const SteadyStateWindow f = find_steady_state(records, strict, 0, all);
  EXPECT_EQ(f.detection_method, "full_run_fallback");
  EXPECT_EQ(f.steady_state_requests, f.total_requests);
  EXPECT_EQ(f.ramp_up_end_ns, f.run_start_ns);

  SliceRecords empty;
  MetricAccumulator none;
  EXPECT_EQ(find_steady_state(empty, {}, 0, none).detection_method, "full_run_fallback");
}

TEST(SteadyStateWindow, SpilledRecordsGiveTheSameWindow) {
  SliceRecords in_memory;
  SpillSettings tiny;
  tiny.slice_records_in_memory = 16;
  SliceRecords spilled(tiny);
  ss_closed_loop(in_memory, 8, 2'000'000'000, 12'000'000'000);
  ss_closed_loop(spilled, 8, 2'000'000'000, 12'000'000'000);
  ASSERT_TRUE(spilled.spilled());
  MetricAccumulator a, b;
  const SteadyStateWindow x = find_steady_state(in_memory, {}, 0, a);
  const SteadyStateWindow y = find_steady_state(spilled, {}, 0, b);
  EXPECT_EQ(x.ramp_up_end_ns, y.ramp_up_end_ns);
  EXPECT_EQ(x.ramp_down_start_ns, y.ramp_down_start_ns);
  EXPECT_EQ(x.steady_state_requests, y.steady_state_requests);
  EXPECT_EQ(x.bootstrap_latency_ci_low_ms, y.bootstrap_latency_ci_low_ms);
  EXPECT_EQ(ss_metric(a.summarize(), "request_latency"), ss_metric(b.summarize(), "request_latency"));
}

}  // namespace
}  // namespace aiperf
