#include "metrics/sweep_line.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#include "metrics/radix_sort.h"
#include "metrics/weighted_quantiles.h"

namespace aiperf {
namespace {

constexpr double kNsPerSec = 1e9;
constexpr double kQuantiles[] = {0.50, 0.90, 0.95, 0.99};

bool has_prefill(const SweepInterval& r) { return r.first_token_ns != 0 && r.first_token_ns > r.start_ns; }
bool has_decode(const SweepInterval& r) { return r.first_token_ns != 0 && r.end_ns > r.first_token_ns; }
// Tokens spread evenly over the span.
double prefill_per_ns(const SweepInterval& r) { return r.prefill_tokens / double(r.first_token_ns - r.start_ns); }
double decode_per_ns(const SweepInterval& r) { return r.decode_tokens / double(r.end_ns - r.first_token_ns); }

// One kind of instant (every start, every first token or every end), ordered by time, ties
// by interval. The sweep merges the three streams: at one instant an interval's start comes
// before its end, its end before its first token, and lower intervals first, so every rate
// sum (and its rounding) is reproducible.
struct Stamp {
  int64_t t;
  uint32_t interval;
};
enum Kind : uint32_t { start, end, first_token };  // the tie order within one interval

// Built in interval order, so sorting by time alone (stably) gives (time, interval) order.
// Records arrive nearly in order of one of their times (a run: end; the bench: start), so
// that stream needs only a few moves: an insertion sort, given up for the radix sort once it
// has moved more than a few entries per stamp (the half-done state is still stable: its
// sorted prefix holds only lower intervals than the rest).
void sort_stamps(std::vector<Stamp>& stamps, int64_t t0) {
  size_t budget = stamps.size() * 4;
  for (size_t i = 1; i < stamps.size(); ++i) {
    if (stamps[i - 1].t <= stamps[i].t) continue;
    const Stamp s = stamps[i];
    size_t j = i;
    for (; j > 0 && stamps[j - 1].t > s.t && budget > 0; --j, --budget) stamps[j] = stamps[j - 1];
    stamps[j] = s;
    if (budget == 0) {
      radix_sort_by_key(stamps, [t0](const Stamp& x) { return uint64_t(x.t - t0); });
      return;
    }
  }
}

// The intervals' stamps, one sorted stream per kind, each ending in a sentinel that sorts
// after every real stamp.
std::array<std::vector<Stamp>, 3> sorted_streams(std::span<const SweepInterval> intervals) {
  std::array<std::vector<Stamp>, 3> streams;
  for (auto& s : streams) s.reserve(intervals.size() + 1);
  int64_t t0 = std::numeric_limits<int64_t>::max();
  for (uint32_t i = 0; i < intervals.size(); ++i) {
    const SweepInterval& r = intervals[i];
    if (r.end_ns <= r.start_ns) continue;
    streams[start].push_back({r.start_ns, i});
    streams[end].push_back({r.end_ns, i});
    t0 = std::min(t0, r.start_ns);  // an end is never before its start; a first token may be
    if (has_prefill(r) || has_decode(r)) {
      streams[first_token].push_back({r.first_token_ns, i});
      t0 = std::min(t0, r.first_token_ns);
    }
  }
  for (auto& s : streams) {
    sort_stamps(s, t0);
    s.push_back({std::numeric_limits<int64_t>::max(), ~uint32_t(0)});
  }
  return streams;
}

// The curves between consecutive event times, a column each: a metric reads only the
// columns it needs. Concurrencies are whole numbers.
struct Steps {
  std::vector<double> duration_ns;
  std::vector<int32_t> concurrency, decode_concurrency, prefill_concurrency;
  std::vector<double> decode_rate, prefill_rate;  // tokens per ns
};

Steps sweep(std::span<const SweepInterval> intervals) {
  Steps s;
  const std::array<std::vector<Stamp>, 3> streams = sorted_streams(intervals);
  const size_t events = streams[start].size() + streams[end].size() + streams[first_token].size() - 3;
  for (auto* v : {&s.duration_ns, &s.decode_rate, &s.prefill_rate}) v->reserve(events);
  for (auto* v : {&s.concurrency, &s.decode_concurrency, &s.prefill_concurrency}) v->reserve(events);
  const Stamp* at[3] = {streams[start].data(), streams[end].data(), streams[first_token].data()};
  // The stream whose next stamp comes first: by time, then interval, then kind.
  auto before = [](const Stamp& a, uint32_t ka, const Stamp& b, uint32_t kb) {
    if (a.t != b.t) return a.t < b.t;
    if (a.interval != b.interval) return a.interval < b.interval;
    return ka < kb;
  };
  auto next_kind = [&] {
    uint32_t k = before(*at[end], end, *at[start], start) ? end : start;
    if (before(*at[first_token], first_token, *at[k], k)) k = first_token;
    return k;
  };
  int32_t c = 0, dc = 0, pc = 0;
  double dr = 0, pr = 0;
  for (uint32_t k = next_kind(); at[k]->t != std::numeric_limits<int64_t>::max();) {
    const int64_t t = at[k]->t;
    for (; at[k]->t == t; k = next_kind()) {
      const SweepInterval& r = intervals[(at[k]++)->interval];
      switch (k) {
        case start:
          ++c;
          if (has_prefill(r)) ++pc, pr += prefill_per_ns(r);
          break;
        case first_token:
          if (has_prefill(r)) --pc, pr -= prefill_per_ns(r);
          if (has_decode(r)) ++dc, dr += decode_per_ns(r);
          break;
        case end:
          --c;
          if (has_decode(r)) --dc, dr -= decode_per_ns(r);
          break;
      }
    }
    // Rates are sums of doubles: snap to 0 when nothing is in flight so no residue remains.
    if (dc < 1) dr = 0;
    if (pc < 1) pr = 0;
    if (at[k]->t == std::numeric_limits<int64_t>::max()) break;
    s.duration_ns.push_back(double(at[k]->t - t));
    s.concurrency.push_back(c);
    s.decode_concurrency.push_back(dc);
    s.prefill_concurrency.push_back(pc);
    s.decode_rate.push_back(dr);
    s.prefill_rate.push_back(pr);
  }
  return s;
}

double per_user(double rate, double users) { return users > 0 ? rate / users : 0.0; }

// What every metric reads from a step.
struct StepValues {
  double concurrency, decode_concurrency, prefill_concurrency, decode_rate, prefill_rate;
};

StepValues at(const Steps& s, size_t i) {
  return {double(s.concurrency[i]), double(s.decode_concurrency[i]), double(s.prefill_concurrency[i]),
          s.decode_rate[i], s.prefill_rate[i]};
}

struct MetricName {
  const char* tag;
  const char* header;
  const char* unit;
  int display_order;
};

// A concurrency curve: whole numbers, summarised from a histogram of durations.
struct ConcurrencyMetric {
  MetricName name;
  const std::vector<int32_t> Steps::*column;
};

// A throughput curve, reported twice: effective (every step) and active (only the steps
// where its concurrency `gate` is above 0).
struct RateMetric {
  MetricName effective, active;
  double (*gate)(const StepValues&);
  double (*value)(const StepValues&);
};

constexpr ConcurrencyMetric kConcurrencyMetrics[] = {
    {{"effective_concurrency", "Effective Concurrency", "requests", 3000}, &Steps::concurrency},
    {{"effective_decode_concurrency", "Effective Decode Concurrency", "requests", 3001}, &Steps::decode_concurrency},
    {{"effective_prefill_concurrency", "Effective Prefill Concurrency", "requests", 3002}, &Steps::prefill_concurrency},
};

constexpr RateMetric kRateMetrics[] = {
    {{"effective_decode_throughput", "Effective Decode Throughput", "tokens/sec", 3003},
     {"active_decode_throughput", "Active Decode Throughput", "tokens/sec", 3100},
     [](const StepValues& s) { return s.decode_concurrency; },
     [](const StepValues& s) { return s.decode_rate * kNsPerSec; }},
    {{"effective_prefill_throughput", "Effective Prefill Throughput", "tokens/sec", 3004},
     {"active_prefill_throughput", "Active Prefill Throughput", "tokens/sec", 3101},
     [](const StepValues& s) { return s.prefill_concurrency; },
     [](const StepValues& s) { return s.prefill_rate * kNsPerSec; }},
    {{"effective_total_throughput", "Effective Total Throughput", "tokens/sec", 3005},
     {"active_total_throughput", "Active Total Throughput", "tokens/sec", 3104},
     [](const StepValues& s) { return s.concurrency; },
     [](const StepValues& s) { return (s.decode_rate + s.prefill_rate) * kNsPerSec; }},
    {{"effective_decode_throughput_per_user", "Effective Decode Throughput Per User", "tokens/sec/user", 3006},
     {"active_decode_throughput_per_user", "Active Decode Throughput Per User", "tokens/sec/user", 3102},
     [](const StepValues& s) { return s.decode_concurrency; },
     [](const StepValues& s) { return per_user(s.decode_rate * kNsPerSec, s.decode_concurrency); }},
    {{"effective_prefill_throughput_per_user", "Effective Prefill Throughput Per User", "tokens/sec/user", 3007},
     {"active_prefill_throughput_per_user", "Active Prefill Throughput Per User", "tokens/sec/user", 3103},
     [](const StepValues& s) { return s.prefill_concurrency; },
     [](const StepValues& s) { return per_user(s.prefill_rate * kNsPerSec, s.prefill_concurrency); }},
};

// Output order: the three concurrencies, the effective throughputs, then the active ones.
constexpr const char* kOrder[] = {
    "effective_concurrency", "effective_decode_concurrency", "effective_prefill_concurrency",
    "effective_decode_throughput", "effective_prefill_throughput", "effective_total_throughput",
    "effective_decode_throughput_per_user", "effective_prefill_throughput_per_user",
    "active_decode_throughput", "active_prefill_throughput", "active_decode_throughput_per_user",
    "active_prefill_throughput_per_user", "active_total_throughput"};

MetricResult result(const MetricName& name, const TimeWeightedStats& st) {
  MetricResult r;
  r.tag = name.tag;
  r.header = name.header;
  r.unit = name.unit;
  r.display_order = name.display_order;
  // Upstream numbers the Active table's rows 3100-3104 and the Effective ones 3000-3009.
  r.console_group = name.display_order >= 3100 ? ConsoleGroup::active : ConsoleGroup::effective;
  r.distribution = true;
  r.has_count_and_sum = false;
  r.avg = st.avg;
  r.min = st.min;
  r.max = st.max;
  r.std = st.std;
  r.p50 = st.p50;
  r.p90 = st.p90;
  r.p95 = st.p95;
  r.p99 = st.p99;
  return r;
}

// Durations per whole-number value: every partial sum is exact, so the percentiles are the
// walk's, and avg too (value x duration is a whole number).
TimeWeightedStats concurrency_stats(const std::vector<double>& duration_ns, const std::vector<int32_t>& values) {
  std::vector<double> by_value;
  double total = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    const size_t v = size_t(std::max(values[i], 0));
    if (v >= by_value.size()) by_value.resize(v + 1, 0.0);
    by_value[v] += duration_ns[i];
    total += duration_ns[i];
  }
  TimeWeightedStats out;
  double weighted = 0;
  for (size_t v = 0; v < by_value.size(); ++v) weighted += double(v) * by_value[v];
  out.avg = weighted / total;
  double ss = 0;
  for (size_t v = 0; v < by_value.size(); ++v) ss += (double(v) - out.avg) * (double(v) - out.avg) * by_value[v];
  out.std = std::sqrt(ss / total);
  size_t lo = 0;
  while (by_value[lo] == 0) ++lo;
  out.min = double(lo);
  out.max = double(by_value.size() - 1);
  double* slots[] = {&out.p50, &out.p90, &out.p95, &out.p99};
  double cumulative = 0;
  size_t v = lo, q = 0;
  for (; v < by_value.size() && q < 4; ++v) {
    cumulative += by_value[v];
    for (; q < 4 && cumulative / total >= kQuantiles[q]; ++q) *slots[q] = double(v);
  }
  for (; q < 4; ++q) *slots[q] = out.max;  // only through rounding, as the walk would
  return out;
}

// One curve's sums over its steps, in time order (sorting by value first would make the
// rounding depend on how a sort arranges equal values), and its quantiles: three passes.
struct CurveSums {
  double total = 0, weighted = 0, ss = 0, avg = 0;
  double min = std::numeric_limits<double>::infinity(), max = -std::numeric_limits<double>::infinity();
  double above_min = std::numeric_limits<double>::infinity();  // the smallest value above min
  WeightedQuantiles quantiles{kQuantiles};

  void pass1(double v, double d) {
    total += d;
    weighted += v * d;
    if (v < min) {
      above_min = min;
      min = v;
    } else if (v > min && v < above_min) {
      above_min = v;
    }
    max = std::max(max, v);
  }
  void after_pass1() {
    if (!(total > 0)) return;
    avg = weighted / total;
    quantiles.set_range(min, std::min(above_min, max), max);
  }
  void pass2(double v, double d) {
    ss += (v - avg) * (v - avg) * d;
    quantiles.count(v, d);
  }
  void after_pass2() {
    if (total > 0) quantiles.locate(total);
  }
  void pass3(double v, double d) { quantiles.gather(v, d); }
  std::optional<TimeWeightedStats> stats() {
    if (!(total > 0)) return std::nullopt;
    TimeWeightedStats out;
    out.avg = avg;
    out.min = min;
    out.max = max;
    out.std = std::sqrt(ss / total);
    double p[4];
    quantiles.results(p);
    out.p50 = p[0], out.p90 = p[1], out.p95 = p[2], out.p99 = p[3];
    return out;
  }
};

// Every throughput curve's effective and active statistics, in three passes over the steps,
// each visiting every curve per step (a step's columns are read once per pass; the curves'
// 32 KiB histograms fit in cache together). Templates on the metrics so their values and
// gates compile inline.
struct RatePair {
  CurveSums effective, active;
  std::optional<TimeWeightedStats> effective_stats, active_stats;
};

template <size_t... M>
void rate_stats(const Steps& s, std::array<RatePair, sizeof...(M)>& pairs, std::index_sequence<M...>) {
  auto each_step = [&](auto&& visit) {
    for (size_t i = 0; i < s.duration_ns.size(); ++i) {
      const StepValues sv = at(s, i);
      const double d = s.duration_ns[i];
      (visit(pairs[M], kRateMetrics[M].value(sv), d, kRateMetrics[M].gate(sv) > 0.5), ...);
    }
  };
  each_step([](RatePair& p, double v, double d, bool on) {
    p.effective.pass1(v, d);
    if (on) p.active.pass1(v, d);
  });
  for (RatePair& p : pairs) p.effective.after_pass1(), p.active.after_pass1();
  each_step([](RatePair& p, double v, double d, bool on) {
    p.effective.pass2(v, d);
    if (on) p.active.pass2(v, d);
  });
  for (RatePair& p : pairs) p.effective.after_pass2(), p.active.after_pass2();
  each_step([](RatePair& p, double v, double d, bool on) {
    p.effective.pass3(v, d);
    if (on) p.active.pass3(v, d);
  });
  for (RatePair& p : pairs) p.effective_stats = p.effective.stats(), p.active_stats = p.active.stats();
}

}  // namespace

std::optional<TimeWeightedStats> time_weighted_stats(std::vector<Segment> segments) {
  std::erase_if(segments, [](const Segment& s) { return !(s.duration_ns > 0); });
  CurveSums sums;
  for (const Segment& s : segments) sums.pass1(s.value, s.duration_ns);
  sums.after_pass1();
  for (const Segment& s : segments) sums.pass2(s.value, s.duration_ns);
  sums.after_pass2();
  for (const Segment& s : segments) sums.pass3(s.value, s.duration_ns);
  return sums.stats();
}

std::vector<MetricResult> sweep_line_metrics(std::span<const SweepInterval> intervals) {
  std::vector<MetricResult> found;
  const Steps steps = sweep(intervals);
  if (steps.duration_ns.empty()) return found;
  found.push_back(result(kConcurrencyMetrics[0].name, concurrency_stats(steps.duration_ns, steps.concurrency)));
  // Without a first token there is no prefill/decode split and no token rate to show.
  const bool any_first_token = std::any_of(intervals.begin(), intervals.end(),
                                           [](const SweepInterval& r) { return r.first_token_ns != 0; });
  if (any_first_token) {
    for (size_t i = 1; i < std::size(kConcurrencyMetrics); ++i)
      found.push_back(result(kConcurrencyMetrics[i].name,
                             concurrency_stats(steps.duration_ns, steps.*kConcurrencyMetrics[i].column)));
    std::array<RatePair, std::size(kRateMetrics)> pairs;
    rate_stats(steps, pairs, std::make_index_sequence<std::size(kRateMetrics)>{});
    for (size_t m = 0; m < pairs.size(); ++m) {
      if (const auto& st = pairs[m].effective_stats) found.push_back(result(kRateMetrics[m].effective, *st));
      if (const auto& st = pairs[m].active_stats) found.push_back(result(kRateMetrics[m].active, *st));
    }
  }
  std::vector<MetricResult> out;
  for (const char* tag : kOrder)
    for (MetricResult& r : found)
      if (r.tag == tag) out.push_back(std::move(r));
  return out;
}

}  // namespace aiperf
