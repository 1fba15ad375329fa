// Bounded memory (docs/design.md, "Bounded memory"): statistics over samples and request
// lives spilled to disk in sorted runs must be the in-memory ones bit for bit. Each test
// forces a tiny budget so every path (many runs, multi-level compaction, ties across runs,
// non-finite and negative samples, -0.0) is exercised on small data.
#include <unistd.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "config/profile_config.h"
#include "metrics/metric_accumulator.h"
#include "metrics/metric_samples.h"
#include "metrics/replay_lag.h"
#include "metrics/slice_records.h"
#include "metrics/statistics.h"
#include "sample_shapes.h"
#include "metrics/sweep_intervals.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

uint64_t bits(double v) { return std::bit_cast<uint64_t>(v); }

void expect_same(const std::optional<double>& a, const std::optional<double>& b, const std::string& what) {
  ASSERT_EQ(a.has_value(), b.has_value()) << what;
  if (a) {
    EXPECT_EQ(bits(*a), bits(*b)) << what << ": " << *a << " vs " << *b;
  }
}

void expect_same(const MetricResult& a, const MetricResult& b) {
  EXPECT_EQ(a.tag, b.tag);
  EXPECT_EQ(a.count, b.count) << a.tag;
  EXPECT_EQ(bits(a.avg), bits(b.avg)) << a.tag << " avg " << a.avg << " vs " << b.avg;
  EXPECT_EQ(bits(a.sum), bits(b.sum)) << a.tag << " sum";
  for (auto f : {&MetricResult::min, &MetricResult::max, &MetricResult::p1, &MetricResult::p5, &MetricResult::p10,
                 &MetricResult::p25, &MetricResult::p50, &MetricResult::p75, &MetricResult::p90, &MetricResult::p95,
                 &MetricResult::p99, &MetricResult::std})
    expect_same(a.*f, b.*f, a.tag);
}

void expect_same(const std::vector<MetricResult>& a, const std::vector<MetricResult>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) expect_same(a[i], b[i]);
}

using testing::sample;
using testing::Shape;

void expect_same(const DistributionStats& a, const DistributionStats& b) {
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(bits(a.sum), bits(b.sum));
  EXPECT_EQ(bits(a.avg), bits(b.avg));
  EXPECT_EQ(bits(a.min), bits(b.min));
  EXPECT_EQ(bits(a.max), bits(b.max));
  EXPECT_EQ(bits(a.std), bits(b.std));
  for (size_t i = 0; i < a.p.size(); ++i) EXPECT_EQ(bits(a.p[i]), bits(b.p[i])) << "p" << kPercentiles[i];
}

TEST(SpilledSamples, DescribeEqualsInMemoryBitForBit) {
  std::mt19937_64 rng(11);
  SpillFile file(SpillSettings{}.dir);
  for (size_t n : {1u, 2u, 300u, 3000u}) {
    for (size_t budget : {1u, 7u, 256u, 100000u}) {
      for (Shape shape : {Shape::whole_ns, Shape::small_ints, Shape::ties, Shape::reals, Shape::signed_reals,
                          Shape::wide, Shape::with_non_finite}) {
        const std::vector<double> x = sample(rng, n, shape);
        SampleColumn memory;
        MetricSamples spilled;
        for (double v : x) {
          memory.push_back(v);
          spilled.push_back(v);
          if (spilled.in_memory() >= budget) spilled.spill(file);
        }
        SampleSorter sorter;
        const std::optional<DistributionStats> want = describe_sorted(sorter.sorted_or_counted(memory));
        const std::optional<DistributionStats> got = describe_ascending(spilled.merged(file));
        ASSERT_EQ(want.has_value(), got.has_value());
        if (want) expect_same(*got, *want);
        EXPECT_EQ(spilled.size(), x.size());
      }
    }
  }
}

TEST(SpilledSamples, ManyRunsAreCompactedAndKeepEveryRank) {
  SpillFile file(SpillSettings{}.dir);
  MetricSamples spilled;
  std::vector<double> want;
  for (int i = 0; i < 20000; ++i) {
    const double v = double((i * 7919) % 1000);
    spilled.push_back(v);
    want.push_back(v);
    if (spilled.in_memory() >= 3) spilled.spill(file);  // ~6700 runs: two levels of merges
  }
  std::sort(want.begin(), want.end());
  const MergedSamples merged = spilled.merged(file);
  ASSERT_EQ(merged.size(), want.size());
  std::vector<double> got;
  merged.for_each([&](double v) { got.push_back(v); });
  EXPECT_EQ(got, want);
  const std::vector<size_t> ranks = {19999, 0, 12345, 7};
  std::vector<double> at(ranks.size());
  merged.values_at(ranks, at);
  for (size_t i = 0; i < ranks.size(); ++i) EXPECT_EQ(at[i], want[ranks[i]]);
}

// A run of records: streaming and not, errors, ties in time (a coarse clock), ITL lists.
void feed(MetricAccumulator& acc, std::mt19937_64& rng, int records) {
  int64_t t = 1'700'000'000'000'000'000;
  for (int i = 0; i < records; ++i) {
    RecordMetrics m;
    const int64_t start = t + int64_t(rng() % 50) * 1000;  // many equal starts and ends
    const int64_t latency = int64_t(1 + rng() % 40) * 1000;
    const bool error = rng() % 11 == 0;
    m[MetricId::request_latency] = double(latency);
    m[MetricId::input_sequence_length] = double(rng() % 200);
    if (error) {
      m[MetricId::error_isl] = double(rng() % 200);
      acc.add_error(m, start, start + latency);
    } else {
      const bool streamed = rng() % 3 != 0;
      if (streamed) {
        m[MetricId::time_to_first_token] = double(int64_t(rng() % 40) * 1000 % latency);
        for (int k = int(rng() % 5); k > 0; --k) m.inter_chunk_latency.push_back(double(rng() % 3000) / 7.0);
      }
      m[MetricId::output_sequence_length] = double(rng() % 30);
      m[MetricId::output_token_throughput_per_user] = double(rng() % 1000) / 3.0;
      m.streamed = streamed;
      acc.add_valid(m, start, start + latency);
    }
    t += int64_t(rng() % 3) * 1000;
  }
}

TEST(SpilledAccumulator, SummaryEqualsInMemoryBitForBit) {
  for (size_t budget : {1u, 2u, 5u, 64u}) {
    std::mt19937_64 a(5), b(5);
    MetricAccumulator memory;
    SpillSettings tiny;
    tiny.samples_in_memory = budget;
    tiny.intervals_in_memory = budget;
    MetricAccumulator spilled(tiny);
    feed(memory, a, 1500);
    feed(spilled, b, 1500);
    EXPECT_FALSE(memory.spilled());
    EXPECT_TRUE(spilled.spilled());
    expect_same(spilled.summarize(), memory.summarize());
    // Asked again (the in-memory tail is now on disk too), then after more records.
    expect_same(spilled.summarize(), memory.summarize());
    feed(memory, a, 500);
    feed(spilled, b, 500);
    expect_same(spilled.summarize(), memory.summarize());
    expect_same(spilled.with_ascending(MetricId::request_latency, [](const auto& s) { return replay_lag_metrics_sorted(s); }),
                memory.with_ascending(MetricId::request_latency, [](const auto& s) { return replay_lag_metrics_sorted(s); }));
  }
}

TEST(SpilledSweep, IntervalsWithoutStampsAndFirstTokenEdges) {
  // Zero-length lives, a first token at the start or the end, none at all: the spilled sweep
  // applies the same rules as the in-memory one.
  const std::vector<SweepInterval> intervals = {
      {0, 100, 300, 4, 50}, {100, 200, 400, 2, 100}, {100, 100, 400, 3, 0}, {200, 0, 200, 0, 0},
      {150, 350, 350, 0, 10}, {100, 0, 400, 0, 0}, {0, 50, 300, 1.5, 2.25}, {300, 300, 300, 0, 0}};
  SweepIntervals spilled;
  SpillSpace space;
  for (const SweepInterval& r : intervals) {
    spilled.push_back(r);
    if (spilled.in_memory() >= 3) spilled.spill(space.file());
  }
  expect_same(spilled.metrics(space), sweep_line_metrics(intervals));
}

TEST(SpilledTimeslices, SlicesEqualInMemoryBitForBit) {
  std::mt19937_64 rng(3);
  std::vector<SliceRecord> records;
  int64_t t = 1'700'000'000'000'000'000;
  for (int i = 0; i < 2000; ++i) {
    SliceRecord r;
    r.start_wall_ns = t + int64_t(rng() % 400) * 1000;  // out of order, with ties
    r.end_wall_ns = r.start_wall_ns + int64_t(1 + rng() % 50) * 1000;
    r.is_error = rng() % 13 == 0;
    RecordMetrics& m = r.metrics;
    m[MetricId::request_latency] = double(r.end_wall_ns - r.start_wall_ns);
    m[MetricId::input_sequence_length] = double(rng() % 100);
    if (r.is_error) {
      m[MetricId::error_isl] = double(rng() % 100);
    } else {
      m[MetricId::time_to_first_token] = double(rng() % 1000);
      m[MetricId::output_token_throughput_per_user] = double(rng() % 1000) / 7.0;  // not whole
      for (int k = int(rng() % 4); k > 0; --k) m.inter_chunk_latency.push_back(double(rng() % 500) - 0.5);
      m.streamed = true;
      if (rng() % 2) m.osl_mismatch = rng() % 2 == 0;
    }
    records.push_back(r);
    t += 700;
  }
  const int64_t slice_ns = 90'000;
  const std::vector<Timeslice> want = summarize_timeslices(records, slice_ns);
  for (size_t budget : {1u, 3u, 200u}) {
    SpillSettings tiny;
    tiny.samples_in_memory = 5;
    tiny.intervals_in_memory = 5;
    tiny.slice_records_in_memory = budget;
    SliceRecords spilled(tiny);
    for (const SliceRecord& r : records) spilled.push_back(r);
    EXPECT_TRUE(spilled.spilled());
    const std::vector<Timeslice> got = spilled.summarize(slice_ns);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].start_ns, want[i].start_ns);
      EXPECT_EQ(got[i].end_ns, want[i].end_ns);
      EXPECT_EQ(got[i].is_complete, want[i].is_complete);
      expect_same(got[i].metrics, want[i].metrics);
    }
  }
}

TEST(SpillSettings, FromEnvironment) {
  ::setenv("AIPERF_METRICS_SPILL_SAMPLES", "1000", 1);
  ::unsetenv("AIPERF_METRICS_SPILL_DIR");
  load_env_settings();
  SpillSettings s = spill_settings_from_env();
  EXPECT_EQ(s.samples_in_memory, 1000u);
  EXPECT_EQ(s.intervals_in_memory, 250u);
  for (const char* bad : {"0", "-5", "ten", "1.5"}) {
    ::setenv("AIPERF_METRICS_SPILL_SAMPLES", bad, 1);
    EXPECT_THROW(load_env_settings(), ConfigError) << bad;
  }
  ::unsetenv("AIPERF_METRICS_SPILL_SAMPLES");
  ::setenv("AIPERF_METRICS_SPILL_DIR", "/nonexistent/aiperf-spill", 1);
  load_env_settings();
  EXPECT_THROW(spill_settings_from_env(), ConfigError);  // no spill file can be made there
  ::unsetenv("AIPERF_METRICS_SPILL_DIR");
  load_env_settings();
}

}  // namespace
}  // namespace aiperf
