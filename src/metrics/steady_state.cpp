#include "metrics/steady_state.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "metrics/metric_accumulator.h"
#include "metrics/metric_catalogue.h"
#include "metrics/slice_records.h"
#include "metrics/steady_state_stats.h"

namespace aiperf {
namespace {

constexpr size_t kMinRecords = 10;           // fewer: no detection, the whole run
constexpr double kTrendAlpha = 0.05;         // stationarity_warning: significant at 5% ...
constexpr double kTrendMinCorrelation = 0.3; // ... and not negligible
constexpr double kMinTailSamples = 10;       // sample_size_warning below this many beyond p99
constexpr double kConfidenceLevel = 0.95;

// A fixed grid of `bins` bins over [start, start + span).
struct Grid {
  int64_t start = 0;
  double width = 1;  // ns
  size_t bins = 1;
  double position(int64_t t) const { return double(t - start) / width; }
  size_t bin_of(int64_t t) const {
    const double p = position(t);
    return p <= 0 ? 0 : std::min(bins - 1, size_t(p));
  }
  int64_t time_of(size_t bin) const { return start + std::llround(double(bin) * width); }
};

// What the first pass collects: the signals detection reads.
struct Signals {
  Grid concurrency_grid, throughput_grid;
  std::vector<double> concurrency;  // time-averaged requests in flight per bin
  std::vector<double> ramps;        // difference array of the bins a request fills whole
  std::vector<double> completions;  // valid responses per throughput bin
  BatchMeans latency, ttft;
};

void add_life(Signals& s, int64_t start, int64_t end) {
  const Grid& g = s.concurrency_grid;
  const double u = std::max(0.0, g.position(start)), v = std::min(double(g.bins), g.position(end));
  if (!(v > u)) return;
  const size_t i0 = size_t(u), i1 = std::min(size_t(v), g.bins);
  if (i0 == i1) {
    s.concurrency[i0] += v - u;
    return;
  }
  s.concurrency[i0] += double(i0 + 1) - u;
  if (i1 < g.bins) s.concurrency[i1] += v - double(i1);
  s.ramps[i0 + 1] += 1;
  s.ramps[i1] -= 1;
}

Signals collect_signals(SliceRecords& records, int64_t start, int64_t span) {
  Signals s;
  s.concurrency_grid = {start, double(span) / double(kConcurrencyBins), kConcurrencyBins};
  // About 20 responses a bin on average, so a bin's count is not mostly noise.
  const size_t throughput_bins = std::clamp<size_t>(records.size() / 20, 4, kConcurrencyBins);
  s.throughput_grid = {start, double(span) / double(throughput_bins), throughput_bins};
  s.concurrency.assign(kConcurrencyBins, 0);
  s.ramps.assign(kConcurrencyBins + 1, 0);
  s.completions.assign(throughput_bins, 0);
  records.for_each_by_start([&](const SliceRecord& r) {
    add_life(s, r.start_wall_ns, r.end_wall_ns);
    if (r.is_error) return;
    s.completions[s.throughput_grid.bin_of(r.end_wall_ns)] += 1;
    if (const auto& latency = r.metrics[MetricId::request_latency]) s.latency.add(*latency, r.start_wall_ns);
    if (const auto& ttft = r.metrics[MetricId::time_to_first_token]) s.ttft.add(*ttft, r.start_wall_ns);
  });
  double whole = 0;
  for (size_t i = 0; i < kConcurrencyBins; ++i) {
    whole += s.ramps[i];
    s.concurrency[i] += whole;
  }
  return s;
}

// The start of the first batch MSER keeps (the run's start when it truncates nothing).
std::optional<int64_t> mser_boundary(const BatchMeans& series, int64_t run_start) {
  const std::optional<size_t> d = mser_truncation(series.means());
  if (!d) return std::nullopt;
  return *d == 0 ? run_start : series.first_time(*d);
}

void detect(SteadyStateWindow& w, const Signals& s, int64_t run_start, int64_t run_end) {
  const Plateau c = cusum_plateau(s.concurrency, {0.05, false});
  w.concurrency_ramp_up_end_ns = s.concurrency_grid.time_of(c.first);
  w.concurrency_ramp_down_start_ns = c.end >= s.concurrency_grid.bins ? run_end : s.concurrency_grid.time_of(c.end);
  const Plateau t = cusum_plateau(s.completions, {0.05, true});
  w.throughput_ramp_up_end_ns = s.throughput_grid.time_of(t.first);
  w.throughput_ramp_down_start_ns = t.end >= s.throughput_grid.bins ? run_end : s.throughput_grid.time_of(t.end);
  w.latency_mser5_truncation_ns = mser_boundary(s.latency, run_start);
  w.ttft_mser5_truncation_ns = mser_boundary(s.ttft, run_start);
  w.mser_batch_size = int64_t(s.latency.batch_size());
}

// The most conservative combination: the latest ramp-up end and the earliest ramp-down start
// any signal saw (MSER only judges the start).
void combine(SteadyStateWindow& w) {
  int64_t up = w.run_start_ns, down = w.run_end_ns;
  for (const auto& t : {w.concurrency_ramp_up_end_ns, w.throughput_ramp_up_end_ns, w.latency_mser5_truncation_ns,
                        w.ttft_mser5_truncation_ns})
    if (t) up = std::max(up, *t);
  for (const auto& t : {w.concurrency_ramp_down_start_ns, w.throughput_ramp_down_start_ns})
    if (t) down = std::min(down, *t);
  w.ramp_up_end_ns = up;
  w.ramp_down_start_ns = down;
}

void fall_back(SteadyStateWindow& w, std::string reason) {
  w.detection_method = "full_run_fallback";
  w.fallback_reason = std::move(reason);
  w.ramp_up_end_ns = w.run_start_ns;
  w.ramp_down_start_ns = w.run_end_ns;
}

// The second pass: the window's records into `acc`, and what the trust measures read.
struct WindowPass {
  int64_t kept = 0;
  double busy_ns = 0;  // sum over every request of its time in flight inside the window
  Lag1Autocorrelation autocorrelation;
  BatchMeans latency;
};

WindowPass keep_window(SliceRecords& records, int64_t up, int64_t down, MetricAccumulator& acc) {
  WindowPass p;
  records.for_each_by_start([&](const SliceRecord& r) {
    p.busy_ns += double(std::max<int64_t>(0, std::min(r.end_wall_ns, down) - std::max(r.start_wall_ns, up)));
    if (r.start_wall_ns < up || r.end_wall_ns > down) return;
    add_slice_record(acc, r);
    ++p.kept;
    if (r.is_error) return;
    if (const auto& latency = r.metrics[MetricId::request_latency]) {
      p.autocorrelation.add(*latency);
      p.latency.add(*latency, r.start_wall_ns);
    }
  });
  return p;
}

void assess(SteadyStateWindow& w, const WindowPass& p, const Signals& s, int64_t iterations, uint64_t seed) {
  const int64_t length = w.ramp_down_start_ns - w.ramp_up_end_ns;
  if (length > 0) w.mean_concurrency = p.busy_ns / double(length);
  w.lag1_autocorrelation = p.autocorrelation.value();
  w.variance_inflation_factor = variance_inflation_factor(w.lag1_autocorrelation.value_or(0));
  w.effective_sample_size = double(p.autocorrelation.count()) / w.variance_inflation_factor;
  w.effective_p99_sample_size = w.effective_sample_size * 0.01;
  w.sample_size_warning = w.effective_p99_sample_size < kMinTailSamples;
  if (auto trend = spearman_trend(p.latency.means())) {
    w.trend_correlation = trend->r;
    w.trend_p_value = trend->p_value;
    w.stationarity_warning = trend->p_value < kTrendAlpha && std::abs(trend->r) >= kTrendMinCorrelation;
  }

  w.bootstrap_iterations = iterations;
  w.bootstrap_confidence_level = kConfidenceLevel;
  // Mean latency: the window's latency batches resampled whole (a block bootstrap: batching
  // keeps most of the autocorrelation inside a block).
  const std::span<const BatchMeans::Batch> blocks = p.latency.complete();
  const double ms = metric_info(MetricId::request_latency).display_divisor;
  if (auto ci = bootstrap_interval(blocks.size(), iterations, kConfidenceLevel, seed, [&](std::span<const size_t> picks) {
        double sum = 0, count = 0;
        for (size_t i : picks) sum += blocks[i].sum, count += double(blocks[i].count);
        return sum / count / ms;
      })) {
    w.bootstrap_latency_ci_low_ms = ci->low;
    w.bootstrap_latency_ci_high_ms = ci->high;
  }
  // Throughput: the completions of the throughput bins wholly inside the window, resampled.
  std::vector<double> counts;
  const Grid& g = s.throughput_grid;
  for (size_t i = 0; i < g.bins; ++i)
    if (g.time_of(i) >= w.ramp_up_end_ns && g.time_of(i + 1) <= w.ramp_down_start_ns) counts.push_back(s.completions[i]);
  const double bin_seconds = g.width / 1e9;
  if (auto ci = bootstrap_interval(counts.size(), iterations, kConfidenceLevel, seed + 1, [&](std::span<const size_t> picks) {
        double sum = 0;
        for (size_t i : picks) sum += counts[i];
        return sum / double(picks.size()) / bin_seconds;
      })) {
    w.bootstrap_throughput_ci_low = ci->low;
    w.bootstrap_throughput_ci_high = ci->high;
  }
}

}  // namespace

SteadyStateWindow find_steady_state(SliceRecords& records, const SteadyStateSettings& settings, uint64_t seed,
                                    MetricAccumulator& window) {
  SteadyStateWindow w;
  w.total_requests = int64_t(records.size());
  if (records.size() == 0) {
    fall_back(w, "no profiling records");
    return w;
  }
  w.run_start_ns = records.first_start();
  w.run_end_ns = records.last_end();
  const int64_t span = std::max<int64_t>(1, w.run_end_ns - w.run_start_ns);
  const Signals signals = collect_signals(records, w.run_start_ns, span);
  detect(w, signals, w.run_start_ns, w.run_end_ns);
  if (settings.manual()) {
    w.detection_method = "manual";
    w.ramp_up_end_ns = w.run_start_ns + std::llround(double(span) * *settings.start_pct / 100);
    w.ramp_down_start_ns = w.run_start_ns + std::llround(double(span) * *settings.end_pct / 100);
  } else if (records.size() < kMinRecords) {
    fall_back(w, "fewer than " + std::to_string(kMinRecords) + " profiling records");
  } else {
    w.detection_method = "cusum_mser5";
    combine(w);
    const double length = double(w.ramp_down_start_ns - w.ramp_up_end_ns);
    if (length < settings.min_window_pct / 100 * double(span))
      fall_back(w, "detected window shorter than --steady-state-min-window-pct of the run");
  }
  const WindowPass pass = keep_window(records, w.ramp_up_end_ns, w.ramp_down_start_ns, window);
  w.steady_state_requests = pass.kept;
  w.fraction_retained = double(pass.kept) / double(w.total_requests);
  assess(w, pass, signals, settings.bootstrap_iterations, seed);
  return w;
}

}  // namespace aiperf
