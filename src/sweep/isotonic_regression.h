#pragma once
// Isotonic regression by the pool-adjacent-violators algorithm (PAVA): the weighted
// least-squares fit to y, in the given order, that never decreases (or never increases).
// The smooth_isotonic planner uses it to denoise SLA margins before interpolating them.
//
// Invariant of the scan: the fit so far is a stack of blocks, each holding the weighted mean of
// its observations, with block means strictly increasing; a new observation that breaks the
// order is pooled with the block below it, repeatedly, until the order holds again. O(n).
#include <span>
#include <vector>

namespace aiperf {

// Non-decreasing fit. `weights` is empty (all 1) or one positive weight per value.
std::vector<double> isotonic_increasing(std::span<const double> y, std::span<const double> weights = {});
// Non-increasing fit (the increasing fit of −y, negated).
std::vector<double> isotonic_decreasing(std::span<const double> y, std::span<const double> weights = {});

}  // namespace aiperf
