#include "metrics/metric_catalogue.h"

#include <array>
#include <string_view>

#include "metrics/metric_result.h"
#include "metrics/statistics.h"
#include "metrics/time_units.h"

namespace aiperf {
namespace {

constexpr double kNsPerMs = 1e6;

// Indexed by MetricId; the static_assert below keeps the two in step.
constexpr uint8_t S = kStreamingOnly, L = kLargerIsBetter, A = kErrorAdjusted, H = kHttpTrace;
constexpr uint8_t X = kExperimental;
constexpr ConsoleGroup U = ConsoleGroup::usage, C = ConsoleGroup::cache, R = ConsoleGroup::reasoning;
constexpr ConsoleGroup SD = ConsoleGroup::spec_decode;

constexpr std::array<MetricInfo, kMetricCount> kCatalogue = {{
    {"time_to_first_token", "Time to First Token", "ms", kNsPerMs, 100, true, false, true, S | A},
    {"time_to_second_token", "Time to Second Token", "ms", kNsPerMs, 200, true, false, true, S},
    {"time_to_first_output_token", "Time to First Output Token", "ms", kNsPerMs, 210, true, false,
     true, S},
    {"request_latency", "Request Latency", "ms", kNsPerMs, 300, true, false, true, A},
    {"decode_duration", "Decode Duration", "ms", kNsPerMs, 350, true, false, true, S | A},
    {"full_decode_duration", "Full Decode Duration", "ms", kNsPerMs, 360, false, false, true, S},
    {"inter_token_latency", "Inter Token Latency", "ms", kNsPerMs, 400, true, false, true, S | A},
    {"full_response_inter_token_latency", "Full-Response Inter Token Latency", "ms", kNsPerMs, 410,
     false, false, true, S},
    // Current upstream leaves the list out of the JSONL unless per-chunk export is on.
    {"inter_chunk_latency", "Inter Chunk Latency", "ms", kNsPerMs, -1, false, false, false, S},
    {"output_token_throughput_per_user", "Output Token Throughput Per User", "tokens/sec/user", 1,
     500, true, false, true, S | L},
    {"full_response_output_token_throughput_per_user",
     "Full-Response Output Token Throughput Per User", "tokens/sec/user", 1, -1, false, false, true,
     S | L},
    {"e2e_output_token_throughput", "E2E Output Token Throughput", "tokens/sec/user", 1, 510, true,
     false, true, L},
    {"prefill_throughput_per_user", "Prefill Throughput Per User", "tokens/sec/user", 1, -1, false,
     false, true, S | L},
    {"output_sequence_length", "Output Sequence Length", "tokens", 1, 600, true, true, true},
    {"input_sequence_length", "Input Sequence Length", "tokens", 1, 700, true, true, true},
    {"output_token_count", "Output Token Count", "tokens", 1, -1, false, true, true},
    {"reasoning_token_count", "Reasoning Token Count", "tokens", 1, -1, false, true, true},
    {"osl_mismatch_diff_pct", "OSL Mismatch Diff %", "%", 1, -1, false, false, true},
    // Usage headers and display orders are ours (the reference gives neither). Each usage
    // family has its own console table (§6.2 groups); the *_diff_pct stay hidden (§1.5).
    {"usage_prompt_tokens", "Usage Prompt Tokens", "tokens", 1, 1200, true, true, true, 0, U},
    {"usage_completion_tokens", "Usage Completion Tokens", "tokens", 1, 1210, true, true, true, 0, U},
    {"usage_total_tokens", "Usage Total Tokens", "tokens", 1, 1220, true, true, true, 0, U},
    {"usage_reasoning_tokens", "Usage Reasoning Tokens", "tokens", 1, 1400, true, true, true, 0, R},
    {"usage_prompt_cache_read_tokens", "Usage Prompt Cache Read Tokens", "tokens", 1, 1300, true,
     true, true, 0, C},
    {"usage_prompt_tokens_diff_pct", "Usage Prompt Diff %", "%", 1, -1, false, false, true},
    {"usage_completion_tokens_diff_pct", "Usage Completion Diff %", "%", 1, -1, false, false, true},
    {"usage_reasoning_tokens_diff_pct", "Usage Reasoning Diff %", "%", 1, -1, false, false, true},
    // Not an upstream metric (its nearest, credit_to_start_latency, is anchored at credit
    // issue, not at the schedule); hidden from the console like upstream's.
    {"send_lag", "Send Lag", "ms", kNsPerMs, -1, false, false, true, kScheduledOnly},
    // Ours too: the twins of TTFT and request latency measured from the arrival schedule, so a
    // request the client sent late is charged the wait (coordinated omission). After every
    // upstream row on the console, which keeps upstream's rows in their own order.
    {"request_latency_from_schedule", "Request Latency From Schedule", "ms", kNsPerMs, 1120, true, false,
     true, kScheduledOnly},
    {"time_to_first_token_from_schedule", "Time to First Token From Schedule", "ms", kNsPerMs, 1110, true,
     false, true, kScheduledOnly | S},
    // Upstream gives 2000-2130 for the fourteen; spread 10 apart in §1.6's table order. Never in
    // the default console table: --show-trace-timing draws them in their own.
    {"http_req_blocked", "HTTP Blocked", "ms", kNsPerMs, 2000, false, false, true, H},
    {"http_req_dns_lookup", "HTTP DNS Lookup", "ms", kNsPerMs, 2010, false, false, true, H},
    {"http_req_connecting", "HTTP Connecting", "ms", kNsPerMs, 2020, false, false, true, H},
    {"http_req_sending", "HTTP Sending", "ms", kNsPerMs, 2030, false, false, true, H},
    {"http_req_waiting", "HTTP Waiting (TTFB)", "ms", kNsPerMs, 2040, false, false, true, H},
    {"http_req_receiving", "HTTP Receiving", "ms", kNsPerMs, 2050, false, false, true, H},
    {"http_req_duration", "HTTP Duration (excl. conn)", "ms", kNsPerMs, 2060, false, false, true, H},
    {"http_req_connection_overhead", "HTTP Connection Overhead", "ms", kNsPerMs, 2070, false, false,
     true, H},
    {"http_req_total", "HTTP Total Time", "ms", kNsPerMs, 2080, false, false, true, H},
    {"http_req_data_sent", "HTTP Data Sent", "B", 1, 2090, false, true, true, H},
    {"http_req_data_received", "HTTP Data Received", "B", 1, 2100, false, true, true, H},
    {"http_req_connection_reused", "HTTP Connection Reused", "ratio", 1, 2110, false, true, true, H},
    {"http_req_chunks_sent", "HTTP Chunks Sent", "count", 1, 2120, false, true, true, H},
    {"http_req_chunks_received", "HTTP Chunks Received", "count", 1, 2130, false, true, true, H},
    // Coordinated omission (§1.8): from the credit's schedule (open loop) or issue (closed loop).
    // effective_latency's display order (after the sweep-line rows) is ours.
    {"credit_to_start_latency", "Credit-to-Start Latency", "ms", kNsPerMs, -1, false, false, true},
    {"effective_latency", "Effective Latency (CO-aware)", "ms", kNsPerMs, 3010, true, false, true, A,
     ConsoleGroup::effective},
    {"stream_setup_latency", "Stream Setup Latency", "ms", kNsPerMs, -1, false, false, true, S | X},
    {"stream_prefill_latency", "Stream Prefill Latency", "ms", kNsPerMs, -1, false, false, true, S | X},
    {"thinking_efficiency", "Thinking Efficiency", "ratio", 1, -1, false, false, true, X},
    {"requested_osl", "Requested OSL", "tokens", 1, -1, false, true, true, kInternal},
    // Speculative decoding (§1.8). Headers and display orders are ours (the reference gives only
    // tags); the acceptance length/rate rows form the SPEC_DECODE console table (§6.3).
    {"spec_decode_acceptance_length", "Spec Decode Acceptance Length", "ratio", 1, 4000, true, false,
     true, L, SD},
    {"spec_decode_draft_acceptance_rate", "Spec Decode Draft Acceptance Rate", "%", 1, 4010, true, false,
     true, L, SD},
    {"spec_decode_accepted_per_verified", "Spec Decode Accepted Per Verified", "ratio", 1, 4020, true,
     false, true, L, SD},
    {"spec_decode_steps", "Spec Decode Steps", "steps", 1, 4030, false, true, true},
    {"spec_decode_accepted_draft_tokens", "Spec Decode Accepted Draft Tokens", "tokens", 1, 4040, false,
     true, true},
    {"spec_decode_draft_tokens", "Spec Decode Draft Tokens", "tokens", 1, 4050, false, true, true},
    // Seconds, not ns: a clip length, not a measured time. Hidden like upstream's (§1.7).
    {"audio_duration", "Audio Duration", "sec", 1, -1, false, false, true},
    {"rtfx", "RTFx (Inverse Real-Time Factor)", "ratio", 1, 850, true, false, true, L},
    // Headers are ours (the reference gives tags, units and display orders only).
    {"num_images", "Number of Images", "images", 1, -1, false, true, true},
    {"image_throughput", "Image Throughput", "images/sec", 1, 860, true, false, true, L},
    {"image_latency", "Image Latency", "ms/image", kNsPerMs, 861, true, false, true},
    // The server's own figures for the job (inference_time_s, peak_memory_mb); headers are ours.
    {"video_inference_time", "Video Inference Time", "ms", kNsPerMs, 310, true, false, true},
    {"video_peak_memory", "Video Peak Memory", "MB", 1, 311, true, false, true},
    {"error_isl", "Error Input Sequence Length", "tokens", 1, -1, false, true, true, kErrorOnly},
    {"request_count", "Request Count", "requests", 1, 1100, true, true, false},
    {"error_request_count", "Error Request Count", "requests", 1, -1, false, true, false},
    {"cancelled_request_count", "Cancelled Request Count", "requests", 1, 1076, false, true, false},
    {"streamed_request_count", "Streamed Request Count", "requests", 1, 1101, false, true, false},
    {"completed_request_count", "Completed Requests (Success + Error)", "requests", 1, 1075, true,
     true, false},
    {"request_error_rate", "Request Error Rate", "%", 1, 1080, true, false, false},
    {"osl_mismatch_count", "OSL Mismatch Count", "requests", 1, -1, false, true, false},
    {"usage_discrepancy_count", "Usage Discrepancy Count", "requests", 1, -1, false, true, false},
    {"good_request_count", "Good Request Count", "requests", 1, -1, false, true, false},
    {"goodput", "Goodput", "requests/sec", 1, 1000, true, false, false, L},
    {"good_request_fraction", "Good Request Fraction", "ratio", 1, -1, false, false, false, L},
    {"total_isl", "Total Input Sequence Length", "tokens", 1, -1, false, true, false},
    {"total_output_tokens", "Total Output Tokens", "tokens", 1, -1, false, true, false},
    {"total_reasoning_tokens", "Total Reasoning Tokens", "tokens", 1, -1, false, true, false},
    {"total_osl", "Total Output Sequence Length", "tokens", 1, -1, false, true, false},
    {"total_error_isl", "Total Error Input Sequence Length", "tokens", 1, -1, false, true, false},
    {"total_usage_prompt_tokens", "Total Usage Prompt Tokens", "tokens", 1, 1250, true, true, false, 0, U},
    {"total_usage_completion_tokens", "Total Usage Completion Tokens", "tokens", 1, 1260, true, true,
     false, 0, U},
    {"total_usage_total_tokens", "Total Usage Total Tokens", "tokens", 1, 1270, true, true, false, 0, U},
    {"total_usage_reasoning_tokens", "Total Usage Reasoning Tokens", "tokens", 1, 1450, true, true,
     false, 0, R},
    {"total_usage_prompt_cache_read_tokens", "Total Usage Prompt Cache Read Tokens", "tokens", 1, 1350,
     true, true, false, 0, C},
    {"overall_usage_prompt_cache_read_pct", "Overall Usage Prompt Cache Read %", "%", 1, 1360, true,
     false, false, 0, C},
    {"min_request_timestamp", "Minimum Request Timestamp", "ns", 1, -1, false, true, false},
    {"max_response_timestamp", "Maximum Response Timestamp", "ns", 1, -1, false, true, false},
    {"benchmark_duration", "Benchmark Duration", "sec", kNsPerSec, -1, false, false, false},
    {"request_throughput", "Request Throughput", "requests/sec", 1, 900, true, false, false, L},
    {"output_token_throughput", "Output Token Throughput", "tokens/sec", 1, 800, true, false,
     false, L},
    {"input_token_throughput", "Input Token Throughput", "tokens/sec", 1, 805, false, false, false, L},
    {"total_token_throughput", "Total Token Throughput", "tokens/sec", 1, -1, false, false, false, L},
    {"spec_decode_zero_step_requests", "Spec Decode Zero-Step Requests", "requests", 1, 4060, false,
     true, false},
    {"total_spec_decode_steps", "Total Spec Decode Steps", "steps", 1, 4070, false, true, false},
    {"total_accepted_draft_tokens", "Total Accepted Draft Tokens", "tokens", 1, 4080, false, true, false},
    {"total_draft_tokens", "Total Draft Tokens", "tokens", 1, 4090, false, true, false},
    {"spec_decode_token_weighted_acceptance_length", "Spec Decode Token-Weighted Acceptance Length",
     "ratio", 1, 4100, true, false, false, L, SD},
    {"spec_decode_overall_draft_acceptance_rate", "Spec Decode Overall Draft Acceptance Rate", "%", 1,
     4110, true, false, false, L, SD},
    {"session_count", "Session Count", "sessions", 1, -1, false, true, false},
    {"session_throughput", "Session Throughput", "sessions/hr", 1, 905, true, false, false, L},
    {"overall_thinking_efficiency", "Overall Thinking Efficiency", "ratio", 1, -1, false, false, false, X},
    // Upstream's headers and display orders (each twin just after its source); network_rtt's
    // order is ours. Run-level: never in profile_export.jsonl (the RTT is known at the end).
    {"network_rtt", "Network RTT", "ms", kNsPerMs, 302, true, false, false},
    {"network_adjusted_request_latency", "Network-Adjusted Request Latency", "ms", kNsPerMs, 301, true, false,
     false},
    {"network_adjusted_time_to_first_token", "Network-Adjusted Time to First Token", "ms", kNsPerMs, 101, true,
     false, false, S},
    {"network_adjusted_time_to_first_output_token", "Network-Adjusted Time to First Output Token", "ms",
     kNsPerMs, 211, true, false, false, S},
}};

constexpr bool tags_in_enum_order() {
  return std::string_view(kCatalogue[size_t(MetricId::error_isl)].tag) == "error_isl" &&
         std::string_view(kCatalogue[size_t(MetricId::http_req_blocked)].tag) == "http_req_blocked" &&
         std::string_view(kCatalogue[size_t(MetricId::send_lag)].tag) == "send_lag" &&
         std::string_view(kCatalogue[size_t(MetricId::request_count)].tag) == "request_count" &&
         std::string_view(kCatalogue[size_t(MetricId::goodput)].tag) == "goodput" &&
         std::string_view(kCatalogue[size_t(MetricId::min_request_timestamp)].tag) ==
             "min_request_timestamp" &&
         std::string_view(kCatalogue[size_t(MetricId::effective_latency)].tag) == "effective_latency" &&
         std::string_view(kCatalogue[size_t(MetricId::total_token_throughput)].tag) ==
             "total_token_throughput" &&
         std::string_view(kCatalogue[size_t(MetricId::spec_decode_draft_tokens)].tag) ==
             "spec_decode_draft_tokens" &&
         std::string_view(kCatalogue[size_t(MetricId::spec_decode_overall_draft_acceptance_rate)].tag) ==
             "spec_decode_overall_draft_acceptance_rate" &&
         std::string_view(kCatalogue[size_t(MetricId::overall_thinking_efficiency)].tag) ==
             "overall_thinking_efficiency" &&
         std::string_view(kCatalogue[kMetricCount - 1].tag) == "network_adjusted_time_to_first_output_token";
}
static_assert(tags_in_enum_order(), "kCatalogue rows must follow MetricId order");

}  // namespace

const MetricInfo& metric_info(MetricId id) { return kCatalogue[size_t(id)]; }

MetricResult labelled_result(MetricId id) {
  const MetricInfo& info = metric_info(id);
  MetricResult r;
  r.tag = info.tag;
  r.header = info.header;
  r.unit = info.unit;
  r.display_order = info.display_order;
  r.console = info.console;
  r.console_group = info.console_group;
  r.integer_samples = info.integer;
  return r;
}

MetricResult labelled_distribution(MetricId id, const DistributionStats& s) {
  const double d = metric_info(id).display_divisor;
  MetricResult r = labelled_result(id);
  r.distribution = true;
  r.count = s.count;
  r.sum = s.sum / d;
  r.avg = s.avg / d;
  r.min = s.min / d;
  r.max = s.max / d;
  r.std = s.std / d;
  std::optional<double>* slots[] = {&r.p1, &r.p5, &r.p10, &r.p25, &r.p50, &r.p75, &r.p90, &r.p95, &r.p99};
  for (size_t i = 0; i < kPercentiles.size(); ++i) *slots[i] = s.p[i] / d;
  return r;
}

std::optional<MetricId> metric_by_tag(std::string_view tag) {
  for (size_t i = 0; i < kMetricCount; ++i)
    if (tag == kCatalogue[i].tag) return MetricId(i);
  return std::nullopt;
}

}  // namespace aiperf
