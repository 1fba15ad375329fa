#include "metrics/weighted_quantiles.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "metrics/sorted_samples.h"

namespace aiperf {
namespace {

constexpr size_t kSortAndWalkMax = 64;  // few enough to sort and walk

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
    if (s.size() <= kSortAndWalkMax) return walk_sorted(s, before, total, q);
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

WeightedQuantiles::WeightedQuantiles(std::span<const double> qs)
    : qs_(qs.begin(), qs.end()), top_(size_t(1) << kBucketBits, 0.0), bucket_(qs.size()), before_(qs.size()),
      members_(qs.size()) {}

void WeightedQuantiles::set_range(double min, double above_min, double max) {
  min_ = min;
  // The histogram spans the values other than min_ only: with an atom at 0 and the rest
  // between 1e4 and 1e6, spanning from 0 would squeeze the rest into a few buckets.
  lowest_key_ = ordered_bits(above_min);
  shift_ = std::max(0, int(std::bit_width(ordered_bits(max) - lowest_key_)) - kBucketBits);
}

void WeightedQuantiles::locate(double total) {
  total_ = total;
  size_t last = top_.size() - 1;
  while (last > 0 && top_[last] == 0) --last;  // durations > 0: the largest value's bucket
  size_t b = 0;
  double cumulative = at_min_;  // min_ comes before every bucket
  wanted_.assign(top_.size() / 64, 0);
  for (size_t i = 0; i < qs_.size(); ++i) {
    if (at_min_ / total >= qs_[i]) {
      bucket_[i] = kAtMin;
      continue;
    }
    while (b < last && (top_[b] == 0 || (cumulative + top_[b]) / total < qs_[i])) cumulative += top_[b++];
    bucket_[i] = uint32_t(b);
    before_[i] = cumulative;
    wanted_[b >> 6] |= uint64_t(1) << (b & 63);
  }
}

void WeightedQuantiles::gather_slow(uint32_t bucket, double value, double duration) {
  for (size_t i = 0; i < qs_.size(); ++i)
    if (bucket_[i] == bucket) {  // the first quantile in a bucket holds its members
      members_[i].push_back({value, duration});
      return;
    }
}

void WeightedQuantiles::results(std::span<double> out) {
  for (size_t i = 0; i < qs_.size(); ++i) {
    if (bucket_[i] == kAtMin) {
      out[i] = min_;
      continue;
    }
    size_t first = i;  // quantiles sharing a bucket share its members
    while (first > 0 && bucket_[first - 1] == bucket_[i]) --first;
    const bool last_user = i + 1 == qs_.size() || bucket_[i + 1] != bucket_[i];
    out[i] = select(last_user ? std::move(members_[first]) : members_[first], before_[i], total_, qs_[i]);
  }
}

void weighted_quantiles(std::span<const Segment> segments, double total, std::span<const double> qs,
                        std::span<double> out) {
  WeightedQuantiles w(qs);
  double min = segments.front().value, max = min;
  for (const Segment& s : segments) min = std::min(min, s.value), max = std::max(max, s.value);
  double above_min = max;
  for (const Segment& s : segments)
    if (s.value > min) above_min = std::min(above_min, s.value);
  w.set_range(min, above_min, max);
  for (const Segment& s : segments) w.count(s.value, s.duration_ns);
  w.locate(total);
  for (const Segment& s : segments) w.gather(s.value, s.duration_ns);
  w.results(out);
}

}  // namespace aiperf
