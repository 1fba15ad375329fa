#include "plot/in_flight_curve.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace aiperf::plot {

double StepCurve::peak() const {
  double best = 0;
  for (double v : value) best = std::max(best, v);
  return best;
}

StepCurve in_flight_curve(std::span<const double> start, std::span<const double> end) {
  if (start.size() != end.size()) throw std::invalid_argument("in_flight_curve: start and end differ in length");
  // (time, +1 | -1); every event at one instant is applied before the count is read, so the
  // order of starts and ends at equal times does not matter.
  std::vector<std::pair<double, int>> events;
  events.reserve(2 * start.size());
  for (std::size_t i = 0; i < start.size(); ++i) {
    if (std::isnan(start[i]) || std::isnan(end[i]) || end[i] <= start[i]) continue;
    events.emplace_back(start[i], 1);
    events.emplace_back(end[i], -1);
  }
  std::sort(events.begin(), events.end());
  StepCurve curve;
  long count = 0;
  for (std::size_t i = 0; i < events.size();) {
    const double t = events[i].first;
    for (; i < events.size() && events[i].first == t; ++i) count += events[i].second;
    if (!curve.value.empty() && curve.value.back() == double(count)) continue;
    curve.t.push_back(t);
    curve.value.push_back(double(count));
  }
  return curve;
}

StepCurve binned_mean(const StepCurve& curve, std::size_t bins) {
  if (curve.t.size() < 2 || bins == 0) return curve;
  const double lo = curve.t.front(), hi = curve.t.back(), width = (hi - lo) / double(bins);
  std::vector<double> area(bins, 0.0);
  // Each step adds value × overlap to every interval it overlaps; steps and intervals are both
  // in time order, so one pass over each.
  std::size_t k = 0;
  for (std::size_t i = 0; i + 1 < curve.t.size(); ++i) {
    const double a = curve.t[i], b = curve.t[i + 1], v = curve.value[i];
    while (k + 1 < bins && lo + double(k + 1) * width <= a) ++k;
    for (std::size_t j = k; j < bins; ++j) {
      const double bin_lo = lo + double(j) * width, bin_hi = j + 1 == bins ? hi : lo + double(j + 1) * width;
      if (bin_lo >= b) break;
      area[j] += v * (std::min(b, bin_hi) - std::max(a, bin_lo));
    }
  }
  StepCurve out;
  for (std::size_t j = 0; j < bins; ++j) {
    out.t.push_back(lo + double(j) * width);
    out.value.push_back(area[j] / width);
  }
  out.t.push_back(hi);
  out.value.push_back(0);
  return out;
}

void step_polyline(const StepCurve& curve, std::vector<double>& x, std::vector<double>& y) {
  x.clear();
  y.clear();
  x.reserve(2 * curve.t.size());
  y.reserve(2 * curve.t.size());
  double previous = 0;
  for (std::size_t i = 0; i < curve.t.size(); ++i) {
    x.push_back(curve.t[i]);
    y.push_back(previous);
    x.push_back(curve.t[i]);
    y.push_back(curve.value[i]);
    previous = curve.value[i];
  }
}

}  // namespace aiperf::plot
