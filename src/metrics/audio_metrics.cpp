#include "metrics/audio_metrics.h"

namespace aiperf {

void add_audio_metrics(std::optional<double> audio_duration_s, RecordMetrics& m) {
  const std::optional<double>& latency_ns = m[MetricId::request_latency];
  if (!audio_duration_s || *audio_duration_s <= 0 || !latency_ns || *latency_ns <= 0) return;
  m[MetricId::audio_duration] = *audio_duration_s;
  m[MetricId::rtfx] = *audio_duration_s / (*latency_ns / 1e9);
}

}  // namespace aiperf
