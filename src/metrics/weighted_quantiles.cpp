#include "metrics/weighted_quantiles.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "metrics/sorted_samples.h"

namespace aiperf {
namespace {

constexpr size_t kSmall = 64;  // few enough to sort and walk

// Walks `s` sorted by value from `before` (the duration of everything smaller than all of
// `s`) to the first value where the cumulative duration reaches q.
double walk_sorted(std::vector<Segment>& s, double before, double total, double q) {
  std::sort(s.begin(), s.end(), [](const Segment& a, const Segment& b) { return a.value < b.value; });
  double cumulative = before;
  for (const Segment& seg : s) {
    cumulative += seg.duration_ns;
    if (cumulative / total >= q) return seg.value;
  }
  return s.back().value;  // only through rounding: the largest value, as the walk would
}

// The quantile among `s` (everything smaller has duration `before`): an 8-bit histogram on
// the highest key bits that still differ narrows to one bucket per round, until few segments
// or a single value are left.
double select(std::vector<Segment> s, double before, double total, double q) {
  for (;;) {
    if (s.size() <= kSmall) return walk_sorted(s, before, total, q);
    uint64_t lo = ~uint64_t(0), hi = 0;
    for (const Segment& seg : s) {
      const uint64_t k = ordered_bits(seg.value);
      lo = std::min(lo, k);
      hi = std::max(hi, k);
    }
    if (lo == hi) return s.front().value;  // one value left (e.g. every idle step's 0)
    const int shift = std::max(0, 63 - std::countl_zero(lo ^ hi) - 7);
    double weight[256] = {};
    uint32_t count[256] = {};
    for (const Segment& seg : s) {
      const size_t b = (ordered_bits(seg.value) >> shift) & 0xFF;
      weight[b] += seg.duration_ns;
      ++count[b];
    }
    size_t last = 255;
    while (count[last] == 0) --last;
    size_t b = 0;
    for (; b < last && (count[b] == 0 || (before + weight[b]) / total < q); ++b) before += weight[b];
    std::erase_if(s, [&](const Segment& seg) { return ((ordered_bits(seg.value) >> shift) & 0xFF) != b; });
  }
}

}  // namespace

void weighted_quantiles(std::span<const Segment> segments, double total, std::span<const double> qs,
                        std::span<double> out) {
  // Level one, over every segment: the top 16 bits (sign, exponent, 4 mantissa bits).
  constexpr int kTopShift = 48;
  std::vector<double> weight(size_t(1) << 16, 0.0);
  for (const Segment& s : segments) weight[ordered_bits(s.value) >> kTopShift] += s.duration_ns;
  std::vector<size_t> bucket(qs.size());
  std::vector<double> before(qs.size());
  size_t last = weight.size() - 1;
  while (last > 0 && weight[last] == 0) --last;  // durations > 0: the largest value's bucket
  size_t b = 0;
  double cumulative = 0;
  for (size_t i = 0; i < qs.size(); ++i) {
    while (b < last && (weight[b] == 0 || (cumulative + weight[b]) / total < qs[i])) cumulative += weight[b++];
    bucket[i] = b;
    before[i] = cumulative;
  }
  // One more pass gathers the few buckets the quantiles fell in.
  std::vector<std::vector<Segment>> members(qs.size());
  for (const Segment& s : segments) {
    const size_t key = ordered_bits(s.value) >> kTopShift;
    for (size_t i = 0; i < qs.size(); ++i)
      if (bucket[i] == key && (i == 0 || bucket[i - 1] != key)) members[i].push_back(s);
  }
  for (size_t i = 0; i < qs.size(); ++i) {
    size_t first = i;  // quantiles sharing a bucket share its members
    while (first > 0 && bucket[first - 1] == bucket[i]) --first;
    out[i] = select(members[first], before[i], total, qs[i]);
  }
}

}  // namespace aiperf
