#pragma once
// Per-record metrics (metrics-and-outputs.md §1.1, §1.2), in base units (ns, tokens,
// tokens/sec). A metric that cannot be computed for a record is absent, never 0.
#include <array>
#include <optional>
#include <vector>

#include "endpoints/response_parser.h"
#include "metrics/metric_catalogue.h"
#include "metrics/token_counts.h"
#include "records/raw_record.h"

namespace aiperf {

struct RecordMetrics {
  std::array<std::optional<double>, kRecordMetricCount> value;  // indexed by MetricId
  std::vector<double> inter_chunk_latency;  // list-valued; value[inter_chunk_latency] unused

  std::optional<double>& operator[](MetricId id) { return value[size_t(id)]; }
  const std::optional<double>& operator[](MetricId id) const { return value[size_t(id)]; }
};

// Valid records get every applicable metric; error records only error_isl. Streaming
// metrics (TTFT, TTST, decode, ITL, ICL, per-user throughput) need `streaming_metrics`
// (--streaming given) and a record that really arrived as an event stream.
RecordMetrics compute_record_metrics(const RawRecord& raw, const ParsedRecord& parsed,
                                     const TokenCounts& tokens, bool streaming_metrics);

}  // namespace aiperf
