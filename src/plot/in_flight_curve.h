// How many intervals are open at each instant: the exact step function behind "requests in
// flight" (swim lanes, concurrency over time). A sweep over the sorted start and end events, so
// a million requests cost one sort, not a million-by-bins histogram, and no count is rounded.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace aiperf::plot {

// The count is value[i] from t[i] up to t[i+1]; before t[0] and from the last t on it is 0
// (the last value is always 0). Instants where the count does not change are left out.
struct StepCurve {
  std::vector<double> t;
  std::vector<double> value;

  double peak() const;
};

// Interval i is open on [start[i], end[i]): one that ends at the instant another starts is not
// counted with it. Intervals with a NaN bound or end < start are skipped; empty ones
// (start == end) never count. `start` and `end` must have the same size.
StepCurve in_flight_curve(std::span<const double> start, std::span<const double> end);

// The curve's time-weighted mean over `bins` equal intervals of [t.front(), t.back()]: a step
// curve with one step per interval (then 0 at the end), exact to rounding, for drawing a curve of
// millions of steps at the width of a chart. Fewer than two instants or bins == 0: the curve as is.
StepCurve binned_mean(const StepCurve& curve, std::size_t bins);

// The curve as a polyline for a SeriesKind::line: a horizontal run per step joined by vertical
// rises and falls, from (t[0], 0) to (t.back(), 0).
void step_polyline(const StepCurve& curve, std::vector<double>& x, std::vector<double>& y);

}  // namespace aiperf::plot
