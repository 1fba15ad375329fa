#pragma once
// The ASR metrics (metrics-and-outputs.md §1.7) of a valid record whose turn sent audio:
// audio_duration (seconds of the turn's first clip, hidden from the console) and rtfx, the
// inverse real-time factor audio_duration / request_latency_s (larger is better).
#include <optional>

#include "metrics/record_metrics.h"

namespace aiperf {

// Needs request_latency in `m` (valid records only) and a known clip length > 0.
void add_audio_metrics(std::optional<double> audio_duration_s, RecordMetrics& m);

}  // namespace aiperf
