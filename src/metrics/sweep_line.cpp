#include "metrics/sweep_line.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#include "metrics/radix_sort.h"
#include "metrics/time_units.h"
#include "metrics/weighted_quantiles.h"

namespace aiperf {
namespace {

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
constexpr Stamp kEndOfStream{std::numeric_limits<int64_t>::max(), ~uint32_t(0)};  // after every real stamp
enum Kind : uint32_t { start = kSweepStart, end = kSweepEnd, first_token = kSweepFirstToken };

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
    if (sweep_has_first_token_stamp(r)) {
      streams[first_token].push_back({r.first_token_ns, i});
      t0 = std::min(t0, r.first_token_ns);
    }
  }
  for (auto& s : streams) {
    sort_stamps(s, t0);
    s.push_back(kEndOfStream);
  }
  return streams;
}

// The curve between two consecutive event times.
struct StepRow {
  double duration_ns;
  int32_t concurrency, decode_concurrency, prefill_concurrency;
  double decode_rate, prefill_rate;  // tokens per ns
};

// Stamps from the sorted in-memory streams, their intervals looked up.
class MemoryCursor {
 public:
  explicit MemoryCursor(std::span<const SweepInterval> intervals)
      : intervals_(intervals), streams_(sorted_streams(intervals)) {
    for (uint32_t k = 0; k < 3; ++k) at_[k] = streams_[k].data();
  }
  size_t events() const { return streams_[start].size() + streams_[end].size() + streams_[first_token].size() - 3; }
  const Stamp& peek(uint32_t k) const { return *at_[k]; }
  const SweepInterval& take(uint32_t k) { return intervals_[(at_[k]++)->interval]; }

 private:
  std::span<const SweepInterval> intervals_;
  std::array<std::vector<Stamp>, 3> streams_;
  const Stamp* at_[3];
};

// Stamps read from streams that carry their intervals (spilled runs).
class StreamCursor {
 public:
  explicit StreamCursor(std::array<std::unique_ptr<SweepStampStream>, 3> in) : in_(std::move(in)) {
    for (uint32_t k = 0; k < 3; ++k) advance(k);
  }
  const Stamp& peek(uint32_t k) const { return head_[k]; }
  const SweepInterval& take(uint32_t k) {
    taken_ = next_[k];
    advance(k);
    return taken_;
  }

 private:
  void advance(uint32_t k) {
    SweepStamp s;
    if (in_[k]->next(s)) {
      head_[k] = {s.t, s.interval};
      next_[k] = s.r;
    } else {
      head_[k] = kEndOfStream;
    }
  }
  std::array<std::unique_ptr<SweepStampStream>, 3> in_;
  Stamp head_[3];
  SweepInterval next_[3], taken_;
};

// Calls visit(StepRow) for every step between consecutive event times, in time order.
template <class Cursor, class Visit>
void sweep_steps(Cursor& cur, Visit&& visit) {
  // The stream whose next stamp comes first: by time, then interval, then kind.
  auto before = [](const Stamp& a, uint32_t ka, const Stamp& b, uint32_t kb) {
    if (a.t != b.t) return a.t < b.t;
    if (a.interval != b.interval) return a.interval < b.interval;
    return ka < kb;
  };
  auto next_kind = [&] {
    uint32_t k = before(cur.peek(end), end, cur.peek(start), start) ? end : start;
    if (before(cur.peek(first_token), first_token, cur.peek(k), k)) k = first_token;
    return k;
  };
  int32_t c = 0, dc = 0, pc = 0;
  double dr = 0, pr = 0;
  for (uint32_t k = next_kind(); cur.peek(k).t != std::numeric_limits<int64_t>::max();) {
    const int64_t t = cur.peek(k).t;
    for (; cur.peek(k).t == t; k = next_kind()) {
      const SweepInterval& r = cur.take(k);
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
    if (cur.peek(k).t == std::numeric_limits<int64_t>::max()) break;
    visit(StepRow{double(cur.peek(k).t - t), c, dc, pc, dr, pr});
  }
}

// The steps of in-memory intervals, a column each: a metric reads only the columns it needs.
struct Steps {
  std::vector<double> duration_ns;
  std::vector<int32_t> concurrency, decode_concurrency, prefill_concurrency;
  std::vector<double> decode_rate, prefill_rate;  // tokens per ns
};

Steps sweep(std::span<const SweepInterval> intervals) {
  Steps s;
  MemoryCursor cur(intervals);
  const size_t events = cur.events();
  for (auto* v : {&s.duration_ns, &s.decode_rate, &s.prefill_rate}) v->reserve(events);
  for (auto* v : {&s.concurrency, &s.decode_concurrency, &s.prefill_concurrency}) v->reserve(events);
  sweep_steps(cur, [&](const StepRow& row) {
    s.duration_ns.push_back(row.duration_ns);
    s.concurrency.push_back(row.concurrency);
    s.decode_concurrency.push_back(row.decode_concurrency);
    s.prefill_concurrency.push_back(row.prefill_concurrency);
    s.decode_rate.push_back(row.decode_rate);
    s.prefill_rate.push_back(row.prefill_rate);
  });
  return s;
}

double per_user(double rate, double users) { return users > 0 ? rate / users : 0.0; }

// What every metric reads from a step.
struct StepValues {
  double concurrency, decode_concurrency, prefill_concurrency, decode_rate, prefill_rate;
};

StepValues values_of(const StepRow& r) {
  return {double(r.concurrency), double(r.decode_concurrency), double(r.prefill_concurrency), r.decode_rate,
          r.prefill_rate};
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
  int32_t StepRow::*value;
};

// A throughput curve, reported twice: effective (every step) and active (only the steps
// where its concurrency `gate` is above 0).
struct RateMetric {
  MetricName effective, active;
  double (*gate)(const StepValues&);
  double (*value)(const StepValues&);
};

constexpr ConcurrencyMetric kConcurrencyMetrics[] = {
    {{"effective_concurrency", "Effective Concurrency", "requests", 3000}, &StepRow::concurrency},
    {{"effective_decode_concurrency", "Effective Decode Concurrency", "requests", 3001}, &StepRow::decode_concurrency},
    {{"effective_prefill_concurrency", "Effective Prefill Concurrency", "requests", 3002}, &StepRow::prefill_concurrency},
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
// Fed the steps in time order.
struct ConcurrencyHistogram {
  std::vector<double> by_value;
  double total = 0;
  void add(int32_t value, double duration_ns) {
    const size_t v = size_t(std::max(value, 0));
    if (v >= by_value.size()) by_value.resize(v + 1, 0.0);
    by_value[v] += duration_ns;
    total += duration_ns;
  }
  TimeWeightedStats stats() const;
};

TimeWeightedStats ConcurrencyHistogram::stats() const {
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

// `steps(f)` calls f(StepValues, duration_ns) for every step in time order, as often as asked.
template <class EachStep, size_t... M>
void rate_stats(EachStep&& steps, std::array<RatePair, sizeof...(M)>& pairs, std::index_sequence<M...>) {
  auto each_step = [&](auto&& visit) {
    steps([&](const StepValues& sv, double d) {
      (visit(pairs[M], kRateMetrics[M].value(sv), d, kRateMetrics[M].gate(sv) > 0.5), ...);
    });
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

namespace {

// `steps(f)` calls f(StepRow) for every step in time order, as often as asked (four times).
template <class EachStep>
std::vector<MetricResult> metrics_from_steps(EachStep&& steps, bool any_first_token) {
  std::vector<MetricResult> found;
  std::array<ConcurrencyHistogram, std::size(kConcurrencyMetrics)> histograms;
  bool any_step = false;
  steps([&](const StepRow& row) {
    any_step = true;
    for (size_t i = 0; i < histograms.size(); ++i) histograms[i].add(row.*kConcurrencyMetrics[i].value, row.duration_ns);
  });
  if (!any_step) return found;
  found.push_back(result(kConcurrencyMetrics[0].name, histograms[0].stats()));
  // Without a first token there is no prefill/decode split and no token rate to show.
  if (any_first_token) {
    for (size_t i = 1; i < std::size(kConcurrencyMetrics); ++i)
      found.push_back(result(kConcurrencyMetrics[i].name, histograms[i].stats()));
    std::array<RatePair, std::size(kRateMetrics)> pairs;
    auto values = [&](auto&& f) { steps([&](const StepRow& row) { f(values_of(row), row.duration_ns); }); };
    rate_stats(values, pairs, std::make_index_sequence<std::size(kRateMetrics)>{});
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

}  // namespace

std::vector<MetricResult> sweep_line_metrics(std::span<const SweepInterval> intervals) {
  const Steps steps = sweep(intervals);
  const bool any_first_token = std::any_of(intervals.begin(), intervals.end(),
                                           [](const SweepInterval& r) { return r.first_token_ns != 0; });
  return metrics_from_steps(
      [&](auto&& f) {
        for (size_t i = 0; i < steps.duration_ns.size(); ++i)
          f(StepRow{steps.duration_ns[i], steps.concurrency[i], steps.decode_concurrency[i],
                    steps.prefill_concurrency[i], steps.decode_rate[i], steps.prefill_rate[i]});
      },
      any_first_token);
}

std::vector<MetricResult> sweep_line_metrics(const SweepStreamsOpener& open, bool any_first_token) {
  return metrics_from_steps(
      [&](auto&& f) {
        StreamCursor cur(open());
        sweep_steps(cur, f);
      },
      any_first_token);
}

bool sweep_has_first_token_stamp(const SweepInterval& r) { return has_prefill(r) || has_decode(r); }

}  // namespace aiperf
