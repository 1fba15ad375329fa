// The Pareto-optimal points of a two-metric comparison: those no other point beats on both axes
// (at least as good on each, better on one). Which way is better is per axis: lower latency and
// TTFT, higher throughput and interactivity.
#pragma once

#include <cstddef>
#include <vector>

namespace aiperf::plot {

// Indexes of the non-dominated points, sorted by x ascending. NaN points never belong.
std::vector<std::size_t> pareto_frontier(const std::vector<double>& x, const std::vector<double>& y,
                                         bool x_higher_is_better, bool y_higher_is_better);

}  // namespace aiperf::plot
