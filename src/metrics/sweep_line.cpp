#include "metrics/sweep_line.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "metrics/radix_sort.h"
#include "metrics/weighted_quantiles.h"

namespace aiperf {
namespace {

constexpr double kNsPerSec = 1e9;

// The curves, in the order an event's deltas are kept.
enum Curve : size_t { kConcurrency, kDecodeConcurrency, kPrefillConcurrency, kDecodeRate, kPrefillRate, kCurves };

// One end of a span: which counts it moves, by how much, and the token rate it adds or
// removes. 24 bytes: a run of 1M requests makes 6M of them.
struct Event {
  enum Kind : int32_t { request, prefill, decode };
  int64_t t;
  Kind kind;
  int32_t sign;      // +1 at the span's start, −1 at its end
  double per_ns;     // the span's token rate (prefill and decode spans)
};

// The values in force between two consecutive event times.
struct Step {
  double duration_ns;
  std::array<double, kCurves + 1> v;  // v[kCurves]: apply()'s spare slot
};

void add_span(std::vector<Event>& events, int64_t from, int64_t to, Event::Kind kind, double tokens) {
  if (to <= from) return;
  const double per_ns = tokens / double(to - from);
  events.push_back({from, kind, +1, per_ns});
  events.push_back({to, kind, -1, per_ns});
}

// Which count and which rate each kind of event moves; a request's rate goes to a spare
// slot (kCurves), so applying an event needs no branch on its kind.
constexpr size_t kCountCurve[] = {kConcurrency, kPrefillConcurrency, kDecodeConcurrency};
constexpr size_t kRateCurve[] = {kCurves, kPrefillRate, kDecodeRate};

void apply(std::array<double, kCurves + 1>& now, const Event& e) {
  now[kCountCurve[e.kind]] += e.sign;
  now[kRateCurve[e.kind]] += e.sign * e.per_ns;
}

// Every request's span ends, sorted by time (the one sort of the sweep).
std::vector<Event> sorted_events(std::span<const SweepInterval> intervals) {
  std::vector<Event> events;
  events.reserve(intervals.size() * 6);
  for (const SweepInterval& r : intervals) {
    if (r.end_ns <= r.start_ns) continue;
    events.push_back({r.start_ns, Event::request, +1, 0});
    events.push_back({r.end_ns, Event::request, -1, 0});
    if (r.first_token_ns == 0) continue;
    add_span(events, r.start_ns, r.first_token_ns, Event::prefill, r.prefill_tokens);
    add_span(events, r.first_token_ns, r.end_ns, Event::decode, r.decode_tokens);
  }
  // Every event at one instant is applied before the next segment starts, so their order
  // within the instant (upstream: ends first) cannot change a segment's value.
  // A stable sort: events at one instant keep the intervals' order, so the rate sums (and
  // their rounding) are reproducible. Keys are offsets from the first event.
  if (events.empty()) return events;
  const int64_t t0 = std::min_element(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t < b.t; })->t;
  radix_sort_by_key(events, [t0](const Event& e) { return uint64_t(e.t - t0); });
  return events;
}

// Calls f(step) for the values in force between each two consecutive event times. Steps are
// regenerated per metric rather than stored: the walk is cheap next to 48 bytes x 3 per request.
template <class F>
void for_each_step(const std::vector<Event>& events, F&& f) {
  Step step{0, {}};
  for (size_t i = 0; i < events.size();) {
    const int64_t t = events[i].t;
    for (; i < events.size() && events[i].t == t; ++i) apply(step.v, events[i]);
    // Rates are sums of doubles: snap to 0 when nothing is in flight so no residue remains.
    if (step.v[kDecodeConcurrency] < 0.5) step.v[kDecodeRate] = 0;
    if (step.v[kPrefillConcurrency] < 0.5) step.v[kPrefillRate] = 0;
    if (i < events.size()) {
      step.duration_ns = double(events[i].t - t);
      f(step);
    }
  }
}

struct SweepMetric {
  const char* tag;
  const char* header;
  const char* unit;
  int display_order;
  bool active;                 // only segments where `gate` > 0
  Curve gate;                  // the concurrency the metric belongs to
  double (*value)(const Step&);
};

double per_user(double rate, double users) { return users > 0 ? rate / users : 0.0; }

constexpr SweepMetric kMetrics[] = {
    {"effective_concurrency", "Effective Concurrency", "requests", 3000, false, kConcurrency,
     [](const Step& s) { return s.v[kConcurrency]; }},
    {"effective_decode_concurrency", "Effective Decode Concurrency", "requests", 3001, false,
     kDecodeConcurrency, [](const Step& s) { return s.v[kDecodeConcurrency]; }},
    {"effective_prefill_concurrency", "Effective Prefill Concurrency", "requests", 3002, false,
     kPrefillConcurrency, [](const Step& s) { return s.v[kPrefillConcurrency]; }},
    {"effective_decode_throughput", "Effective Decode Throughput", "tokens/sec", 3003, false,
     kDecodeConcurrency, [](const Step& s) { return s.v[kDecodeRate] * kNsPerSec; }},
    {"effective_prefill_throughput", "Effective Prefill Throughput", "tokens/sec", 3004, false,
     kPrefillConcurrency, [](const Step& s) { return s.v[kPrefillRate] * kNsPerSec; }},
    {"effective_total_throughput", "Effective Total Throughput", "tokens/sec", 3005, false,
     kConcurrency, [](const Step& s) { return (s.v[kDecodeRate] + s.v[kPrefillRate]) * kNsPerSec; }},
    {"effective_decode_throughput_per_user", "Effective Decode Throughput Per User",
     "tokens/sec/user", 3006, false, kDecodeConcurrency,
     [](const Step& s) { return per_user(s.v[kDecodeRate] * kNsPerSec, s.v[kDecodeConcurrency]); }},
    {"effective_prefill_throughput_per_user", "Effective Prefill Throughput Per User",
     "tokens/sec/user", 3007, false, kPrefillConcurrency,
     [](const Step& s) { return per_user(s.v[kPrefillRate] * kNsPerSec, s.v[kPrefillConcurrency]); }},
    {"active_decode_throughput", "Active Decode Throughput", "tokens/sec", 3100, true,
     kDecodeConcurrency, [](const Step& s) { return s.v[kDecodeRate] * kNsPerSec; }},
    {"active_prefill_throughput", "Active Prefill Throughput", "tokens/sec", 3101, true,
     kPrefillConcurrency, [](const Step& s) { return s.v[kPrefillRate] * kNsPerSec; }},
    {"active_decode_throughput_per_user", "Active Decode Throughput Per User", "tokens/sec/user",
     3102, true, kDecodeConcurrency,
     [](const Step& s) { return per_user(s.v[kDecodeRate] * kNsPerSec, s.v[kDecodeConcurrency]); }},
    {"active_prefill_throughput_per_user", "Active Prefill Throughput Per User", "tokens/sec/user",
     3103, true, kPrefillConcurrency,
     [](const Step& s) { return per_user(s.v[kPrefillRate] * kNsPerSec, s.v[kPrefillConcurrency]); }},
    {"active_total_throughput", "Active Total Throughput", "tokens/sec", 3104, true, kConcurrency,
     [](const Step& s) { return (s.v[kDecodeRate] + s.v[kPrefillRate]) * kNsPerSec; }},
};

}  // namespace

namespace {

// time_weighted_stats() on a buffer the caller keeps (its capacity is reused per metric).
std::optional<TimeWeightedStats> stats_of(std::vector<Segment>& segments) {
  std::erase_if(segments, [](const Segment& s) { return !(s.duration_ns > 0); });
  if (segments.empty()) return std::nullopt;
  // Sums in the order given (time order from the sweep): sorting by value first would make
  // the rounding depend on how a sort arranges equal values.
  double total = 0, weighted = 0;
  TimeWeightedStats out;
  out.min = out.max = segments.front().value;
  for (const Segment& s : segments) {
    total += s.duration_ns;
    weighted += s.value * s.duration_ns;
    out.min = std::min(out.min, s.value);
    out.max = std::max(out.max, s.value);
  }
  out.avg = weighted / total;
  double ss = 0;
  for (const Segment& s : segments) ss += (s.value - out.avg) * (s.value - out.avg) * s.duration_ns;
  out.std = std::sqrt(ss / total);
  constexpr double kQuantiles[] = {0.50, 0.90, 0.95, 0.99};
  double p[4];
  weighted_quantiles(segments, total, kQuantiles, p);
  out.p50 = p[0];
  out.p90 = p[1];
  out.p95 = p[2];
  out.p99 = p[3];
  return out;
}

}  // namespace

std::optional<TimeWeightedStats> time_weighted_stats(std::vector<Segment> segments) { return stats_of(segments); }

std::vector<MetricResult> sweep_line_metrics(std::span<const SweepInterval> intervals) {
  std::vector<MetricResult> out;
  const std::vector<Event> events = sorted_events(intervals);
  if (events.empty()) return out;
  const bool any_first_token = std::any_of(intervals.begin(), intervals.end(),
                                           [](const SweepInterval& r) { return r.first_token_ns != 0; });
  std::vector<Segment> segments;
  segments.reserve(events.size());
  for (const SweepMetric& metric : kMetrics) {
    // Without a first token there is no prefill/decode split and no token rate to show.
    const bool needs_first_token = std::string_view(metric.tag) != "effective_concurrency";
    if (needs_first_token && !any_first_token) continue;
    segments.clear();
    for_each_step(events, [&](const Step& s) {
      if (!metric.active || s.v[metric.gate] > 0.5) segments.push_back({metric.value(s), s.duration_ns});
    });
    std::optional<TimeWeightedStats> st = stats_of(segments);
    if (!st) continue;
    MetricResult r;
    r.tag = metric.tag;
    r.header = metric.header;
    r.unit = metric.unit;
    r.display_order = metric.display_order;
    r.console = false;
    r.distribution = true;
    r.has_count_and_sum = false;
    r.avg = st->avg;
    r.min = st->min;
    r.max = st->max;
    r.std = st->std;
    r.p50 = st->p50;
    r.p90 = st->p90;
    r.p95 = st->p95;
    r.p99 = st->p99;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace aiperf
