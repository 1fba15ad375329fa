#pragma once
// The text of `--ui-type simple` (metrics-and-outputs.md §12, §6.4; docs/ui.md): tqdm-style
// progress lines per phase and the periodic real-time block. Pure formatting: the writer
// decides whether a line is redrawn in place (a terminal) or appended (a file or pipe).
#include <optional>
#include <string>

#include "live/live_state.h"
#include "metrics/live_metrics.h"

namespace aiperf {

// "Profiling: 1,234/5,000 |█████░░░░░| 24.7% [00:27<01:23, 45.2 req/s]", at most `width`
// columns; a duration phase shows its time ("00:27/01:00"), an open-ended one no bar.
std::string progress_line(const std::string& name, const PhaseProgressView& phase, double rate,
                          std::optional<double> eta_s, int width, bool utf8);

// The §6.4 block, headed "[realtime MM:SS <phase>]": a counters line, then one line each for
// ttft, itl, e2e latency, tps/user, isl and osl (those the snapshot has).
std::string realtime_block(const LiveMetricsSnapshot& snapshot, double elapsed_s, const std::string& phase);

}  // namespace aiperf
