#include "telemetry/server_metrics_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "telemetry/metric_series.h"

namespace aiperf {
namespace {

constexpr int64_t kSec = 1'000'000'000;

MetricSeriesStore sm_store(const std::vector<std::pair<int64_t, std::string>>& scrapes) {
  MetricSeriesStore store;
  for (const auto& [t, text] : scrapes) store.add_scrape(parse_prometheus_text(text), t);
  return store;
}

const MetricSeries& sm_series(const MetricSeriesStore& s, const std::string& metric) {
  for (const MetricSeries& x : s.series())
    if (x.metric == metric) return x;
  throw std::runtime_error("no series " + metric);
}

TEST(ServerMetricsStats, GaugeUsesOnlyTheWindowWithSampleStd) {
  const auto store = sm_store({{0, "# TYPE g gauge\ng 100\n"},
                               {2 * kSec, "# TYPE g gauge\ng 1\n"},
                               {3 * kSec, "# TYPE g gauge\ng 2\n"},
                               {4 * kSec, "# TYPE g gauge\ng 3\n"},
                               {9 * kSec, "# TYPE g gauge\ng 100\n"}});
  const ScrapeWindow w{1 * kSec, 5 * kSec, 4.0};
  const auto g = gauge_stats(sm_series(store, "g"), w);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->count, 3);
  EXPECT_DOUBLE_EQ(g->avg, 2);
  EXPECT_DOUBLE_EQ(g->min, 1);
  EXPECT_DOUBLE_EQ(g->max, 3);
  EXPECT_DOUBLE_EQ(g->std, 1);  // ddof = 1
  EXPECT_DOUBLE_EQ(g->p[4], 2);  // p50
  EXPECT_DOUBLE_EQ(g->p[0], 1.02);  // p1, NumPy linear
}

TEST(ServerMetricsStats, GaugeWithoutASampleInsideTakesTheValueInForce) {
  const auto store = sm_store({{0, "g 7\n"}, {9 * kSec, "g 100\n"}});
  const auto g = gauge_stats(sm_series(store, "g"), ScrapeWindow{1 * kSec, 5 * kSec, 4.0});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->count, 1);
  EXPECT_DOUBLE_EQ(g->avg, 7);
}

TEST(ServerMetricsStats, CounterDeltaFromTheReferenceAndResets) {
  const auto store = sm_store({{0, "# TYPE c counter\nc_total 10\n"},
                               {1 * kSec, "# TYPE c counter\nc_total 15\n"},  // reference: last before the window
                               {3 * kSec, "# TYPE c counter\nc_total 40\n"},
                               {4 * kSec, "# TYPE c counter\nc_total 5\n"},  // restart
                               {5 * kSec, "# TYPE c counter\nc_total 20\n"},
                               {8 * kSec, "# TYPE c counter\nc_total 500\n"}});
  const auto c = counter_stats(sm_series(store, "c_total"), ScrapeWindow{2 * kSec, 6 * kSec, 4.0});
  ASSERT_TRUE(c);
  EXPECT_DOUBLE_EQ(c->total, 25 + 5 + 15);
  EXPECT_DOUBLE_EQ(c->rate, 45 / 4.0);
  EXPECT_EQ(c->resets, 1);
  // No sample before the window: the first inside is the reference.
  const auto first = counter_stats(sm_series(store, "c_total"), ScrapeWindow{0, 1 * kSec, 1.0});
  EXPECT_DOUBLE_EQ(first->total, 5);
}

TEST(ServerMetricsStats, HistogramDeltasBucketsAndEstimates) {
  const std::string before =
      "# TYPE h histogram\n"
      "h_bucket{le=\"0.1\"} 10\nh_bucket{le=\"0.2\"} 10\nh_bucket{le=\"0.4\"} 10\nh_bucket{le=\"+Inf\"} 10\n"
      "h_sum 0.5\nh_count 10\n";
  // 100 new observations: 20 in (0,0.1], 60 in (0.1,0.2], 10 in (0.2,0.4], 10 above 0.4.
  const std::string after =
      "# TYPE h histogram\n"
      "h_bucket{le=\"0.1\"} 30\nh_bucket{le=\"0.2\"} 90\nh_bucket{le=\"0.4\"} 100\nh_bucket{le=\"+Inf\"} 110\n"
      "h_sum 20.5\nh_count 110\n";
  const auto store = sm_store({{0, before}, {3 * kSec, after}});
  const auto h = histogram_stats(sm_series(store, "h"), ScrapeWindow{1 * kSec, 4 * kSec, 2.0});
  ASSERT_TRUE(h);
  EXPECT_DOUBLE_EQ(h->count, 100);
  EXPECT_DOUBLE_EQ(h->sum, 20);
  EXPECT_DOUBLE_EQ(h->avg, 0.2);
  EXPECT_DOUBLE_EQ(h->count_rate, 50);
  ASSERT_EQ(h->buckets.size(), 4u);
  EXPECT_DOUBLE_EQ(h->buckets[0].second, 20);
  EXPECT_DOUBLE_EQ(h->buckets[1].second, 60);
  EXPECT_DOUBLE_EQ(h->buckets[3].second, 10);
  EXPECT_TRUE(std::isinf(h->buckets[3].first));
  // p50: 50th of 100 lies 30/60 into (0.1, 0.2].
  ASSERT_EQ(h->estimates[0].first, 50);
  EXPECT_NEAR(h->estimates[0].second, 0.15, 1e-12);
  // p95 and p99 land in +Inf: the last finite bound.
  EXPECT_DOUBLE_EQ(h->estimates[3].second, 0.4);
}

TEST(ServerMetricsStats, QuantileOfEmptyHistogramIsAbsent) {
  EXPECT_FALSE(histogram_quantile({{0.1, 0}, {std::numeric_limits<double>::infinity(), 0}}, 0.5));
}

TEST(ServerMetricsStats, SummariesAndCreatedAreNotKept) {
  const auto store = sm_store({{0, "# TYPE s summary\ns{quantile=\"0.5\"} 1\ns_sum 2\ns_count 3\n"
                                   "# TYPE c counter\nc_total 1\nc_created 12345\n"}});
  ASSERT_EQ(store.series().size(), 1u);
  EXPECT_EQ(store.series()[0].metric, "c_total");
}

}  // namespace
}  // namespace aiperf
