// Histogram-selected weighted quantiles and the sweep-line metrics against the plain
// algorithms they replace (sort by value and walk; six events per request, one sorted
// segment list per metric), on random data with ties.
#include "metrics/weighted_quantiles.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "metrics/sweep_line.h"

namespace aiperf {
namespace {

double reference_quantile(std::vector<Segment> s, double q) {
  std::stable_sort(s.begin(), s.end(), [](const Segment& a, const Segment& b) { return a.value < b.value; });
  double total = 0;
  for (const Segment& x : s) total += x.duration_ns;
  double cumulative = 0;
  for (const Segment& x : s) {
    cumulative += x.duration_ns;
    if (cumulative / total >= q) return x.value;
  }
  return s.back().value;
}

TEST(WeightedQuantiles, MatchSortAndWalk) {
  std::mt19937_64 rng(3);
  const std::vector<double> qs = {0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 1.0};
  for (size_t n : {1u, 2u, 3u, 1000u, 50000u}) {
    for (int shape = 0; shape < 4; ++shape) {
      std::vector<Segment> s(n);
      double total = 0;
      for (Segment& x : s) {
        x.duration_ns = double(1 + rng() % 1000);
        total += x.duration_ns;
        switch (shape) {
          case 0: x.value = double(rng() % 5); break;  // heavy ties
          case 1: x.value = std::uniform_real_distribution<double>(1e4, 2e4)(rng); break;  // one octave
          case 2: x.value = std::uniform_real_distribution<double>(-1, 1)(rng); break;
          case 3: x.value = std::ldexp(1.0 + double(rng() % 3), int(rng() % 60) - 30); break;
        }
      }
      std::vector<double> got(qs.size());
      weighted_quantiles(s, total, qs, got);
      for (size_t i = 0; i < qs.size(); ++i)
        EXPECT_EQ(got[i], reference_quantile(s, qs[i])) << "n=" << n << " shape=" << shape << " q=" << qs[i];
    }
  }
}

// The sweep as it was first written: six events per request, stably sorted by time, every
// step stored, each metric's segments sorted by value and summed in that order.
struct ReferenceStats {
  double avg, min, max, std, p50, p90, p95, p99;
};

std::map<std::string, ReferenceStats> reference_sweep(const std::vector<SweepInterval>& intervals) {
  struct Ev {
    int64_t t;
    int curve;  // 0 request, 1 prefill, 2 decode
    int sign;
    double per_ns;
  };
  std::vector<Ev> ev;
  auto span = [&](int64_t from, int64_t to, int curve, double tokens) {
    if (to <= from) return;
    ev.push_back({from, curve, +1, tokens / double(to - from)});
    ev.push_back({to, curve, -1, tokens / double(to - from)});
  };
  bool any_first_token = false;
  for (const SweepInterval& r : intervals) {
    if (r.end_ns <= r.start_ns) continue;
    span(r.start_ns, r.end_ns, 0, 0);
    if (r.first_token_ns == 0) continue;
    any_first_token = true;
    span(r.start_ns, r.first_token_ns, 1, r.prefill_tokens);
    span(r.first_token_ns, r.end_ns, 2, r.decode_tokens);
  }
  std::stable_sort(ev.begin(), ev.end(), [](const Ev& a, const Ev& b) { return a.t < b.t; });
  struct Step {
    double d, c, dc, pc, dr, pr;
  };
  std::vector<Step> steps;
  double c = 0, dc = 0, pc = 0, dr = 0, pr = 0;
  for (size_t i = 0; i < ev.size();) {
    const int64_t t = ev[i].t;
    for (; i < ev.size() && ev[i].t == t; ++i) {
      const Ev& e = ev[i];
      if (e.curve == 0) c += e.sign;
      if (e.curve == 1) pc += e.sign, pr += e.sign * e.per_ns;
      if (e.curve == 2) dc += e.sign, dr += e.sign * e.per_ns;
    }
    if (dc < 0.5) dr = 0;
    if (pc < 0.5) pr = 0;
    if (i < ev.size()) steps.push_back({double(ev[i].t - t), c, dc, pc, dr, pr});
  }
  auto pu = [](double rate, double users) { return users > 0 ? rate / users : 0.0; };
  struct M {
    const char* tag;
    bool active;
    double (*gate)(const Step&);
    std::function<double(const Step&)> value;
  };
  const std::vector<M> metrics = {
      {"effective_concurrency", false, nullptr, [](const Step& s) { return s.c; }},
      {"effective_decode_concurrency", false, nullptr, [](const Step& s) { return s.dc; }},
      {"effective_prefill_concurrency", false, nullptr, [](const Step& s) { return s.pc; }},
      {"effective_decode_throughput", false, nullptr, [](const Step& s) { return s.dr * 1e9; }},
      {"effective_prefill_throughput", false, nullptr, [](const Step& s) { return s.pr * 1e9; }},
      {"effective_total_throughput", false, nullptr, [](const Step& s) { return (s.dr + s.pr) * 1e9; }},
      {"effective_decode_throughput_per_user", false, nullptr, [&](const Step& s) { return pu(s.dr * 1e9, s.dc); }},
      {"effective_prefill_throughput_per_user", false, nullptr, [&](const Step& s) { return pu(s.pr * 1e9, s.pc); }},
      {"active_decode_throughput", true, [](const Step& s) { return s.dc; }, [](const Step& s) { return s.dr * 1e9; }},
      {"active_prefill_throughput", true, [](const Step& s) { return s.pc; }, [](const Step& s) { return s.pr * 1e9; }},
      {"active_decode_throughput_per_user", true, [](const Step& s) { return s.dc; },
       [&](const Step& s) { return pu(s.dr * 1e9, s.dc); }},
      {"active_prefill_throughput_per_user", true, [](const Step& s) { return s.pc; },
       [&](const Step& s) { return pu(s.pr * 1e9, s.pc); }},
      {"active_total_throughput", true, [](const Step& s) { return s.c; },
       [](const Step& s) { return (s.dr + s.pr) * 1e9; }},
  };
  std::map<std::string, ReferenceStats> out;
  for (const M& m : metrics) {
    if (std::string(m.tag) != "effective_concurrency" && !any_first_token) continue;
    std::vector<Segment> seg;
    for (const Step& s : steps)
      if (!m.active || m.gate(s) > 0.5) seg.push_back({m.value(s), s.d});
    if (seg.empty()) continue;
    std::stable_sort(seg.begin(), seg.end(), [](const Segment& a, const Segment& b) { return a.value < b.value; });
    double total = 0, weighted = 0, ss = 0;
    for (const Segment& s : seg) total += s.duration_ns, weighted += s.value * s.duration_ns;
    const double avg = weighted / total;
    for (const Segment& s : seg) ss += (s.value - avg) * (s.value - avg) * s.duration_ns;
    out[m.tag] = {avg, seg.front().value, seg.back().value, std::sqrt(ss / total),
                  reference_quantile(seg, 0.5), reference_quantile(seg, 0.9), reference_quantile(seg, 0.95),
                  reference_quantile(seg, 0.99)};
  }
  return out;
}

// Sums now run in time order (or per distinct value), not value order: avg and std agree to
// rounding; min, max and the percentiles are exact.
TEST(SweepLine, MatchesTheSixEventReference) {
  std::mt19937_64 rng(11);
  for (size_t n : {1u, 2u, 3u, 1000u}) {
    // A coarse grid makes many events share an instant. Order: as drawn (the sweep's radix
    // path), by end (a run's arrival order), by start (the bench's): its insertion-sort path.
    for (int grid : {1, 1000}) for (int order : {0, 1, 2}) {
      std::vector<SweepInterval> intervals;
      for (size_t i = 0; i < n; ++i) {
        SweepInterval r;
        r.start_ns = int64_t(rng() % 20000) / grid * grid + 1;
        r.end_ns = r.start_ns + int64_t(1 + rng() % 5000) / grid * grid;
        const int kind = int(rng() % 10);
        if (kind > 0) r.first_token_ns = r.start_ns + int64_t(rng() % 3000) / grid * grid;  // may pass the end
        if (kind == 1) r.first_token_ns = 0;
        r.decode_tokens = double(rng() % 200);
        r.prefill_tokens = double(rng() % 2000);
        intervals.push_back(r);
      }
      if (order == 1)
        std::stable_sort(intervals.begin(), intervals.end(), [](auto& a, auto& b) { return a.end_ns < b.end_ns; });
      if (order == 2)
        std::stable_sort(intervals.begin(), intervals.end(), [](auto& a, auto& b) { return a.start_ns < b.start_ns; });
      const auto want = reference_sweep(intervals);
      const std::vector<MetricResult> got = sweep_line_metrics(intervals);
      ASSERT_EQ(got.size(), want.size()) << "n=" << n;
      for (const MetricResult& r : got) {
        SCOPED_TRACE(r.tag + " n=" + std::to_string(n) + " grid=" + std::to_string(grid) + " order=" + std::to_string(order));
        ASSERT_TRUE(want.count(r.tag));
        const ReferenceStats& w = want.at(r.tag);
        auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); };
        EXPECT_PRED2(near, r.avg, w.avg);
        EXPECT_PRED2(near, *r.std, w.std);
        EXPECT_EQ(*r.min, w.min);
        EXPECT_EQ(*r.max, w.max);
        EXPECT_EQ(*r.p50, w.p50);
        EXPECT_EQ(*r.p90, w.p90);
        EXPECT_EQ(*r.p95, w.p95);
        EXPECT_EQ(*r.p99, w.p99);
      }
    }
  }
}

}  // namespace
}  // namespace aiperf
