#pragma once
// Fixed-schedule replay lag (metrics-and-outputs.md §1.8): how far behind its trace the
// client sent, as run-level values. The per-record offset is send_lag (start − scheduled);
// its minimum is taken as the baseline, so a constant offset does not count as lag.
#include <vector>

#include "metrics/metric_result.h"

namespace aiperf {

// Replays whose p99 lag exceeds this are degraded (upstream's 500 ms).
inline constexpr double kReplayDegradedLagMs = 500.0;

// replay_sched_lag_p50/p90/p99 (ms) and replay_sched_degraded (1 or 0); empty when no record
// has a send lag. Hidden from the console tables, like upstream's.
std::vector<MetricResult> replay_lag_metrics(std::vector<double> send_lag_ns);

}  // namespace aiperf
