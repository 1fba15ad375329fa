#include "plot/chart_sampling.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "plot/number_text.h"

namespace aiperf::plot {
namespace {

uint64_t mix(uint64_t z) {  // splitmix64's finaliser: consecutive keys spread over all 64 bits
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

template <typename T>
void keep(std::vector<T>& v, const std::vector<std::size_t>& idx, std::size_t n) {
  if (v.size() != n) return;  // an optional per-point field the series does not have
  std::vector<T> out;
  out.reserve(idx.size());
  for (std::size_t i : idx) out.push_back(std::move(v[i]));
  v = std::move(out);
}

void keep_points(Series& s, const std::vector<std::size_t>& idx) {
  const std::size_t n = s.x.size();
  keep(s.x, idx, n), keep(s.y, idx, n), keep(s.x_end, idx, n), keep(s.labels, idx, n);
  keep(s.request, idx, n), keep(s.run, idx, n);
}

// Per stretch of consecutive points: its first, last, lowest and highest y (and its first NaN,
// so that a gap in a line survives).
void stretch_extremes(const std::vector<double>& y, std::size_t stretches, bool ends, std::vector<char>& chosen) {
  const std::size_t n = y.size();
  for (std::size_t b = 0; b < stretches; ++b) {
    const std::size_t lo = n * b / stretches, hi = n * (b + 1) / stretches;
    if (lo >= hi) continue;
    std::size_t lowest = hi, highest = hi, gap = hi;
    for (std::size_t i = lo; i < hi; ++i) {
      if (std::isnan(y[i])) {
        if (gap == hi) gap = i;
        continue;
      }
      if (lowest == hi || y[i] < y[lowest]) lowest = i;
      if (highest == hi || y[i] > y[highest]) highest = i;
    }
    for (std::size_t i : {lowest, highest, gap})
      if (i < hi) chosen[i] = 1;
    if (ends) chosen[lo] = chosen[hi - 1] = 1;
  }
}

// Returns the kept count.
std::size_t sample_series(Series& s, std::size_t max_points) {
  const std::size_t n = s.x.size();
  std::vector<char> chosen(n, 0);
  if (s.kind == SeriesKind::line || s.kind == SeriesKind::area) {
    stretch_extremes(s.y, std::max<std::size_t>(1, max_points / 4), true, chosen);
  } else {
    const std::size_t stretches = std::max<std::size_t>(1, std::min<std::size_t>(500, max_points / 20));
    stretch_extremes(s.y, stretches, false, chosen);
    const double rate = double(max_points - std::min(max_points, 2 * stretches)) / double(n);
    const bool by_request = s.request.size() == n;
    for (std::size_t i = 0; i < n; ++i)
      if (in_sample(by_request ? s.request[i] : i, rate)) chosen[i] = 1;
  }
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < n; ++i)
    if (chosen[i]) idx.push_back(i);
  keep_points(s, idx);
  return idx.size();
}

}  // namespace

bool in_sample(uint64_t key, double rate) {
  if (rate >= 1) return true;
  if (!(rate > 0)) return false;
  return double(mix(key)) < rate * 18446744073709551616.0;  // 2^64
}

Chart sample_chart(const Chart& chart, std::size_t max_points) {
  Chart out = chart;
  std::size_t before = 0, after = 0;
  for (Series& s : out.series) {
    if (s.x.size() <= max_points) continue;
    before += s.x.size();
    after += sample_series(s, max_points);
  }
  if (before > 0)
    out.notes.push_back(format_count(after) + " of " + format_count(before) +
                        " points drawn: a sample, with the highest and lowest of every stretch kept");
  return out;
}

}  // namespace aiperf::plot
