#pragma once
// --steady-state (metrics-and-outputs.md §7.10, docs/steady_state.md): finds the window of a
// run that leaves out its ramp-up and its drain, and hands the profiling records inside it to
// a MetricAccumulator, so the window's statistics come from the same code as the run's.
//
// Two passes over the records by start time (metrics/slice_records.h keeps them, in bounded
// memory, as for timeslices): the first builds the signals (the concurrency curve and
// completions per time bin, CUSUM; latency and TTFT batch means, MSER-5) and so the window;
// the second keeps the records that start and end inside it and measures how far the
// window's statistics can be trusted (autocorrelation, trend, bootstrap intervals).
#include <cstdint>

#include "config/steady_state_settings.h"
#include "metrics/metric_result.h"

namespace aiperf {

class MetricAccumulator;
class SliceRecords;

// The window over `records` (every profiling record); its records go to `window`, which the
// caller summarises. `seed` seeds the bootstrap.
SteadyStateWindow find_steady_state(SliceRecords& records, const SteadyStateSettings& settings, uint64_t seed,
                                    MetricAccumulator& window);

// The concurrency-curve resolution: the run is cut into this many bins.
inline constexpr size_t kConcurrencyBins = 200;

}  // namespace aiperf
