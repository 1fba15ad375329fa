// The charts of one run (metrics-and-outputs.md §11, single-run table), built from its exports:
// TTFT / ITL / latency over time with rolling percentiles, dispersed output throughput, the
// request timeline with the prefill part marked, and the timeslice bars when timeslices exist.
#pragma once

#include <vector>

#include "plot/chart.h"
#include "plot/run_artifacts.h"

namespace aiperf::plot {

// Charts a timeline draws one segment per request for at most this many requests.
inline constexpr std::size_t kTimelineMaxRequests = 2000;

// Charts in a fixed order; a chart whose data the run lacks (TTFT in a non-streaming run,
// timeslices without --slice-duration) is left out, never drawn empty.
std::vector<Chart> single_run_charts(const RunArtifacts& run);

}  // namespace aiperf::plot
