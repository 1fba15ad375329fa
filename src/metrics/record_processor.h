#pragma once
// Turns raw records into per-record metrics, the per-request JSONL, and run statistics.
// Runs on the record-processor thread only (never on a worker). Not thread-safe.
#include <iosfwd>
#include <memory>
#include <optional>
#include <vector>

#include "common/clock.h"
#include "config/profile_config.h"
#include "endpoints/request_builder.h"
#include "metrics/metric_result.h"
#include "metrics/raw_export_line.h"
#include "metrics/record_metrics.h"
#include "metrics/record_sink.h"
#include "records/raw_record.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

class RecordProcessor {
 public:
  // `requests` are the exact requests the run sends (RawRecord::dataset_index indexes it);
  // ISL is counted from their bodies. `jsonl` receives one line per record
  // (profile_export.jsonl); nullptr = not written. All references must outlive this object.
  RecordProcessor(const MetricsSettings& config, const Tokenizer& tokenizer,
                  const std::vector<PreparedRequest>& requests, ClockAnchor anchor,
                  std::ostream* jsonl);
  ~RecordProcessor();

  // One record's per-record results: what accumulate() needs after measure().
  struct Measured {
    ParsedRecord parsed;
    RecordMetrics metrics;
  };

  // process() = accumulate(record, measure(record)). The two halves are public so the
  // aggregation bench can time record processing and aggregation separately.
  void process(const RawRecord& record);
  // Parsing, token counts, per-record metrics, the per-record files and sinks.
  Measured measure(const RawRecord& record);
  // Adds a measured record to the run's statistics (and timeslices).
  void accumulate(const RawRecord& record, const Measured& measured);

  // --export-level raw: also write profile_export_raw.jsonl lines to `out`, listing
  // `request_headers` (secrets redacted) as sent with every request.
  // `correlation_headers`: the names the correlation id is sent under (--session-header, §5.3).
  void enable_raw_export(std::ostream* out, HeaderList request_headers,
                         std::vector<std::string> correlation_headers = {});

  // Also hands every record's metrics to `sink` (e.g. profile_export.parquet); it must
  // outlive this object.
  void add_sink(RecordSink* sink);

  // Network-RTT calibration (--network-latency-automatic / --network-latency-mean): summarize()
  // then adds network_rtt and the network_adjusted_* twins of the profiling phase's request
  // latency, TTFT and TTFOT (network_adjusted.h). Call before summarize().
  void set_network_rtt_ms(double rtt_ms);

  // Statistics over everything processed so far (not const: samples still in memory may be
  // spilled to be merged with those spilled before).
  RunSummary summarize();

  // Profiling records processed so far, and how many of them are errors; cheap enough to ask
  // after every record (--failed-request-threshold).
  int64_t profiling_records() const;
  int64_t profiling_errors() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace aiperf
