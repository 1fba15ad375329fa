#include "telemetry/server_metrics_stats.h"

#include <algorithm>
#include <cmath>

#include "telemetry/sample_distribution.h"

namespace aiperf {

namespace {

// Indexes of the reference sample (the last before the window, else the first inside) and of
// the last sample inside; nullopt when nothing falls inside.
std::optional<std::pair<size_t, size_t>> delta_span(const std::vector<int64_t>& t, const ScrapeWindow& w) {
  std::optional<size_t> before, first, last;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] < w.start_ns) before = i;
    else if (t[i] <= w.end_ns) {
      if (!first) first = i;
      last = i;
    }
  }
  if (!last) return std::nullopt;
  return std::make_pair(before ? *before : *first, *last);
}

// The increase of a cumulative value from index a to b, a drop being a reset (the value after
// it counts from zero).
double increase(const std::vector<double>& v, size_t a, size_t b, int& resets, size_t stride = 1, size_t col = 0) {
  double total = 0;
  double prev = v[a * stride + col];
  for (size_t i = a + 1; i <= b; ++i) {
    const double cur = v[i * stride + col];
    if (std::isnan(cur)) continue;
    if (std::isnan(prev)) {
      prev = cur;
      continue;
    }
    if (cur < prev) {
      ++resets;
      total += cur;
    } else {
      total += cur - prev;
    }
    prev = cur;
  }
  return total;
}

}  // namespace

std::optional<DistributionStats> gauge_stats(const MetricSeries& s, const ScrapeWindow& w) {
  std::vector<double> in;
  for (size_t i = 0; i < s.t_ns.size(); ++i)
    if (s.t_ns[i] >= w.start_ns && s.t_ns[i] <= w.end_ns && std::isfinite(s.value[i])) in.push_back(s.value[i]);
  if (in.empty()) {
    // No scrape changed the body inside the window: the value in force is the last one before.
    for (size_t i = s.t_ns.size(); i-- > 0;)
      if (s.t_ns[i] <= w.end_ns && std::isfinite(s.value[i])) {
        in.push_back(s.value[i]);
        break;
      }
  }
  return describe_samples(in);
}

std::optional<CounterStats> counter_stats(const MetricSeries& s, const ScrapeWindow& w) {
  const auto span = delta_span(s.t_ns, w);
  if (!span) return std::nullopt;
  CounterStats c;
  c.total = increase(s.value, span->first, span->second, c.resets);
  c.rate = w.seconds > 0 ? c.total / w.seconds : 0;
  return c;
}

std::optional<double> histogram_quantile(const std::vector<std::pair<double, double>>& buckets, double q) {
  double total = 0;
  for (const auto& b : buckets) total += b.second;
  if (total <= 0) return std::nullopt;
  const double target = q * total;
  double below = 0;
  double last_finite = 0;
  for (size_t i = 0; i < buckets.size(); ++i) {
    const auto [bound, n] = buckets[i];
    if (std::isfinite(bound)) last_finite = bound;
    if (below + n >= target && n > 0) {
      if (!std::isfinite(bound)) return last_finite;
      const double lower = i > 0 ? buckets[i - 1].first : std::min(0.0, bound);
      return lower + (bound - lower) * (target - below) / n;
    }
    below += n;
  }
  return last_finite;
}

std::optional<HistogramStats> histogram_stats(const MetricSeries& s, const ScrapeWindow& w) {
  const auto span = delta_span(s.t_ns, w);
  if (!span) return std::nullopt;
  const auto [a, b] = *span;
  HistogramStats h;
  h.count = increase(s.count, a, b, h.resets);
  int ignored = 0;
  h.sum = increase(s.sum, a, b, ignored);
  h.avg = h.count > 0 ? h.sum / h.count : 0;
  h.count_rate = w.seconds > 0 ? h.count / w.seconds : 0;
  h.sum_rate = w.seconds > 0 ? h.sum / w.seconds : 0;
  const size_t n = s.bounds.size();
  double cumulative_before = 0;
  for (size_t j = 0; j < n; ++j) {
    const double cumulative = increase(s.bucket_counts, a, b, ignored, n, j);
    h.buckets.emplace_back(s.bounds[j], std::max(0.0, cumulative - cumulative_before));
    cumulative_before = std::max(cumulative_before, cumulative);
  }
  for (int q : {50, 90, 95, 99})
    if (auto v = histogram_quantile(h.buckets, q / 100.0)) h.estimates.emplace_back(q, *v);
  return h;
}

}  // namespace aiperf
