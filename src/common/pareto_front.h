// The Pareto-optimal points of a two-objective comparison: those no other point beats on both
// (at least as good on each, strictly better on one). Which way is better is per objective
// (lower latency, higher throughput). Shared by the sweep aggregate and the plots.
#pragma once

#include <cstddef>
#include <vector>

namespace aiperf {

// Indexes of the non-dominated points, in input order. A NaN coordinate marks a point that
// lacks an objective: it never belongs and never dominates.
std::vector<std::size_t> pareto_front(const std::vector<double>& x, const std::vector<double>& y,
                                      bool x_higher_is_better, bool y_higher_is_better);

}  // namespace aiperf
