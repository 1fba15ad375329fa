// Rolling percentiles of a per-request metric in start order, for the "over time" charts: the
// percentile of the last `window` requests, evaluated at no more than `max_points` positions
// (the line is drawn at that resolution anyway; evaluating a million windows would not show).
#pragma once

#include <cstddef>
#include <vector>

namespace aiperf::plot {

struct RollingPoint {
  std::size_t index;  // the window's last element
  double value;
};

// Percentile `q` (0..100, linear interpolation between closest ranks, as NumPy's default) of
// values[index-window+1 .. index] for evenly spaced indexes from window-1 to n-1 (the last one
// always included). NaN values are skipped inside a window; a window of only NaN gives no point.
std::vector<RollingPoint> rolling_percentile(const std::vector<double>& values, std::size_t window, double q,
                                             std::size_t max_points);

// The window the over-time charts use for n requests: n/50 clamped to [10, 1000], at most n.
std::size_t rolling_window_for(std::size_t n);

// Percentile by linear interpolation of an ascending-sorted, NaN-free vector (non-empty).
double interpolated_percentile(const std::vector<double>& sorted, double q);

}  // namespace aiperf::plot
