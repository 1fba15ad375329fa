#pragma once
// The metrics this build computes, with upstream's tags, headers, display units and console
// placement (metrics-and-outputs.md §1.1-§1.3, §6.2). Base units: ns for times, tokens,
// requests; every output divides by `display_divisor` first.
#include <cstddef>
#include <cstdint>

namespace aiperf {

enum class MetricId : uint8_t {
  // Record metrics: one value per record (valid records, except error_isl).
  time_to_first_token,
  time_to_second_token,
  request_latency,
  decode_duration,
  inter_token_latency,
  inter_chunk_latency,  // list-valued: every gap is one sample
  output_token_throughput_per_user,
  e2e_output_token_throughput,
  output_sequence_length,
  input_sequence_length,
  output_token_count,
  reasoning_token_count,
  send_lag,   // open loop only, every record: actual minus scheduled send time
  // Anchored at the scheduled send time instead of the actual one (records with a schedule).
  request_latency_from_schedule,
  time_to_first_token_from_schedule,
  error_isl,  // error records only
  // Aggregates and derived metrics: one value per run.
  request_count,
  error_request_count,
  completed_request_count,
  request_error_rate,
  total_isl,
  total_output_tokens,
  total_reasoning_tokens,
  total_osl,
  total_error_isl,
  min_request_timestamp,
  max_response_timestamp,
  benchmark_duration,
  request_throughput,
  output_token_throughput,
  input_token_throughput,
  total_token_throughput,
};

inline constexpr size_t kRecordMetricCount = size_t(MetricId::error_isl) + 1;
inline constexpr size_t kMetricCount = size_t(MetricId::total_token_throughput) + 1;

struct MetricInfo {
  const char* tag;
  const char* header;
  const char* unit;        // display unit
  double display_divisor;  // base value / divisor = display value
  int display_order;       // -1 = none
  bool console;            // in the default console table
  bool integer;            // integer-valued (token counts, request counts, timestamps)
  bool per_record;         // written to profile_export.jsonl
};

const MetricInfo& metric_info(MetricId id);

inline bool is_record_metric(MetricId id) { return size_t(id) < kRecordMetricCount; }

}  // namespace aiperf
