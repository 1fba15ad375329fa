#pragma once
// The real-time metrics of the live view (metrics-and-outputs.md §12, §6.4; docs/ui.md): a
// record sink on the record-processor thread that keeps a bounded-memory sketch of every
// console metric over the profiling records processed so far, and at most once per interval
// publishes a snapshot for the UI thread. Workers are never involved: what it sees are records
// the analytic side has already processed.
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "metrics/metric_catalogue.h"
#include "metrics/metric_result.h"
#include "metrics/record_sink.h"
#include "metrics/relative_histogram.h"

namespace aiperf {

// What the UI shows, in the final table's shape: `summary.metrics` holds one distribution row
// per console record metric seen so far (display units) and the request throughput, output
// token throughput and request count over the records' own time span.
struct LiveMetricsSnapshot {
  RunSummary summary;
  int64_t taken_mono_ns = 0;  // when it was computed
  double span_s = 0;          // first valid start to last valid end: the throughputs' denominator
};

class LiveMetrics : public RecordSink {
 public:
  // `interval_ns`: the least time between two snapshots (--stats-interval); 0 publishes none
  // until publish() is called.
  explicit LiveMetrics(int64_t interval_ns);

  void add(const RawRecord& raw, std::string_view conversation_id, const RecordMetrics& metrics,
           const std::optional<ErrorDetails>& error) override;

  // Record thread: computes and publishes a snapshot now (the run's end).
  void publish(int64_t now_mono_ns);

  // Any thread: the newest snapshot, or null before the first.
  std::shared_ptr<const LiveMetricsSnapshot> latest() const;

 private:
  LiveMetricsSnapshot compute(int64_t now_mono_ns) const;

  int64_t interval_ns_;
  int64_t next_due_ns_ = 0;
  std::array<std::optional<RelativeHistogram>, kRecordMetricCount> sketches_;
  int64_t valid_ = 0, errors_ = 0;
  int64_t first_start_ns_ = 0, last_end_ns_ = 0;  // monotonic span of the valid records
  double output_tokens_ = 0;
  mutable std::mutex mutex_;  // the record thread and the UI thread only
  std::shared_ptr<const LiveMetricsSnapshot> latest_;
};

}  // namespace aiperf
