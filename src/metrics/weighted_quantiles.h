#pragma once
// Duration-weighted quantiles of a step function without sorting it (the sweep-line curves,
// metrics-and-outputs.md §2.5): a histogram on the values' leading bits finds the bucket each
// quantile falls in, and only that bucket is looked at more closely.
#include <span>

#include "metrics/sweep_line.h"

namespace aiperf {

// out[i] = the first value, ascending, at which the cumulative duration reaches qs[i] of
// `total` (the sum of every duration): exactly what a walk over the value-sorted segments
// finds, because durations are whole nanoseconds and every partial sum is exact.
// `qs` ascending; segments non-empty, finite values, durations > 0.
void weighted_quantiles(std::span<const Segment> segments, double total, std::span<const double> qs,
                        std::span<double> out);

}  // namespace aiperf
