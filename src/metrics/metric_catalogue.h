#pragma once
// The metrics this build computes, with upstream's tags, headers, display units and console
// placement (metrics-and-outputs.md §1.1-§1.5, §6.2). Base units: ns for times, tokens,
// requests; every output divides by `display_divisor` first.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "metrics/console_group.h"

namespace aiperf {

enum class MetricId : uint8_t {
  // Record metrics: one value per record (valid records, except error_isl).
  time_to_first_token,
  time_to_second_token,
  time_to_first_output_token,
  request_latency,
  decode_duration,
  full_decode_duration,
  inter_token_latency,
  full_response_inter_token_latency,
  inter_chunk_latency,  // list-valued: every gap is one sample
  output_token_throughput_per_user,
  full_response_output_token_throughput_per_user,
  e2e_output_token_throughput,
  prefill_throughput_per_user,
  output_sequence_length,
  input_sequence_length,
  output_token_count,
  reasoning_token_count,
  osl_mismatch_diff_pct,
  // Server-reported usage, as sent (§1.5); the diffs compare it with the client's count.
  usage_prompt_tokens,
  usage_completion_tokens,
  usage_total_tokens,
  usage_reasoning_tokens,
  usage_prompt_cache_read_tokens,
  usage_prompt_tokens_diff_pct,
  usage_completion_tokens_diff_pct,
  usage_reasoning_tokens_diff_pct,
  send_lag,   // open loop only, every record: actual minus scheduled send time
  // Anchored at the scheduled send time instead of the actual one (records with a schedule).
  request_latency_from_schedule,
  time_to_first_token_from_schedule,
  // HTTP trace (§1.6, k6 naming): only computed with --show-trace-timing.
  http_req_blocked,
  http_req_dns_lookup,
  http_req_connecting,
  http_req_sending,
  http_req_waiting,
  http_req_receiving,
  http_req_duration,
  http_req_connection_overhead,
  http_req_total,
  http_req_data_sent,
  http_req_data_received,
  http_req_connection_reused,
  http_req_chunks_sent,
  http_req_chunks_received,
  // Coordinated-omission latency (§1.8), anchored at the credit (its schedule in open loop),
  // then the EXPERIMENTAL/INTERNAL record metrics (§1.1, §1.2), computed in dev mode only.
  credit_to_start_latency,
  effective_latency,
  stream_setup_latency,
  stream_prefill_latency,
  thinking_efficiency,
  requested_osl,
  // Speculative decoding (§1.8): from vLLM's per-request metrics.speculative_decoding.
  spec_decode_acceptance_length,
  spec_decode_draft_acceptance_rate,
  spec_decode_accepted_per_verified,
  spec_decode_steps,
  spec_decode_accepted_draft_tokens,
  spec_decode_draft_tokens,
  // ASR (§1.7): the turn's first audio clip, for endpoints that send audio.
  audio_duration,
  rtfx,
  // Images (§1.7): image-capable endpoints only, when a record has images.
  num_images,
  image_throughput,
  image_latency,
  // video_generation (§1.7): what the server reports about the job it ran.
  video_inference_time,
  video_peak_memory,
  error_isl,  // error records only
  // Aggregates and derived metrics: one value per run.
  request_count,
  error_request_count,
  cancelled_request_count,
  streamed_request_count,
  completed_request_count,
  request_error_rate,
  osl_mismatch_count,
  usage_discrepancy_count,
  good_request_count,
  goodput,
  good_request_fraction,
  total_isl,
  total_output_tokens,
  total_reasoning_tokens,
  total_osl,
  total_error_isl,
  total_usage_prompt_tokens,
  total_usage_completion_tokens,
  total_usage_total_tokens,
  total_usage_reasoning_tokens,
  total_usage_prompt_cache_read_tokens,
  overall_usage_prompt_cache_read_pct,
  min_request_timestamp,
  max_response_timestamp,
  benchmark_duration,
  request_throughput,
  output_token_throughput,
  input_token_throughput,
  total_token_throughput,
  // Speculative decoding run values (§1.8); present once a record carried the server's counts.
  spec_decode_zero_step_requests,
  total_spec_decode_steps,
  total_accepted_draft_tokens,
  total_draft_tokens,
  spec_decode_token_weighted_acceptance_length,
  spec_decode_overall_draft_acceptance_rate,
  // Multi-turn sessions (§1.3) and the run-level EXPERIMENTAL ratio (§1.2).
  session_count,
  session_throughput,
  overall_thinking_efficiency,
  // Network-RTT calibration (§1.8): the RTT, then the request-start-anchored latencies less it,
  // derived from the stored samples at summarise time (network_adjusted.h).
  network_rtt,
  network_adjusted_request_latency,
  network_adjusted_time_to_first_token,
  network_adjusted_time_to_first_output_token,
};

inline constexpr size_t kRecordMetricCount = size_t(MetricId::error_isl) + 1;
inline constexpr size_t kMetricCount = size_t(MetricId::network_adjusted_time_to_first_output_token) + 1;

// Properties that decide where a metric exists (§0.1) and how an SLO compares against it.
enum MetricFlag : uint8_t {
  kStreamingOnly = 1 << 0,    // needs --streaming and a record that really streamed
  kScheduledOnly = 1 << 1,    // needs a scheduled send time (rate mode, fixed schedule)
  kErrorOnly = 1 << 2,        // error records only
  kLargerIsBetter = 1 << 3,   // goodput: value >= threshold passes
  kErrorAdjusted = 1 << 4,    // also reported as adj_<tag>, failed requests counted as +inf (§2.4)
  // Upstream computes these but drops them from every output unless AIPERF_DEV_MODE and
  // AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS / _SHOW_INTERNAL_METRICS are set (§0.1).
  kExperimental = 1 << 5,
  kInternal = 1 << 6,
  kHttpTrace = 1 << 7,        // http_req_*: needs --show-trace-timing; own console table
};

struct MetricInfo {
  const char* tag;
  const char* header;
  const char* unit;        // display unit
  double display_divisor;  // base value / divisor = display value
  int display_order;       // -1 = none
  bool console;            // shown on the console, in `console_group`
  bool integer;            // integer-valued (token counts, request counts, timestamps)
  bool per_record;         // written to profile_export.jsonl
  uint8_t flags = 0;       // MetricFlag bits
  ConsoleGroup console_group = ConsoleGroup::default_group;
};

const MetricInfo& metric_info(MetricId id);

// A result with `id`'s labels from the catalogue (tag, header, unit, display order, console
// place, integer samples) and no values yet (metric_result.h has the type).
struct MetricResult;
MetricResult labelled_result(MetricId id);
// The same with the full statistics of `stats` (base units) in display units.
struct DistributionStats;
MetricResult labelled_distribution(MetricId id, const DistributionStats& stats);

// The metric with upstream tag `tag`, if this build has one.
std::optional<MetricId> metric_by_tag(std::string_view tag);

inline bool is_record_metric(MetricId id) { return size_t(id) < kRecordMetricCount; }

}  // namespace aiperf
