#include "metrics/metric_catalogue.h"

#include <array>
#include <string_view>

namespace aiperf {
namespace {

constexpr double kNsPerMs = 1e6;
constexpr double kNsPerSec = 1e9;

// Indexed by MetricId; the static_assert below keeps the two in step.
constexpr std::array<MetricInfo, kMetricCount> kCatalogue = {{
    {"time_to_first_token", "Time to First Token", "ms", kNsPerMs, 100, true, false, true},
    {"time_to_second_token", "Time to Second Token", "ms", kNsPerMs, 200, true, false, true},
    {"request_latency", "Request Latency", "ms", kNsPerMs, 300, true, false, true},
    {"decode_duration", "Decode Duration", "ms", kNsPerMs, 350, true, false, true},
    {"inter_token_latency", "Inter Token Latency", "ms", kNsPerMs, 400, true, false, true},
    // Current upstream leaves the list out of the JSONL unless per-chunk export is on.
    {"inter_chunk_latency", "Inter Chunk Latency", "ms", kNsPerMs, -1, false, false, false},
    {"output_token_throughput_per_user", "Output Token Throughput Per User", "tokens/sec/user", 1,
     500, true, false, true},
    {"e2e_output_token_throughput", "E2E Output Token Throughput", "tokens/sec/user", 1, 510, true,
     false, true},
    {"output_sequence_length", "Output Sequence Length", "tokens", 1, 600, true, true, true},
    {"input_sequence_length", "Input Sequence Length", "tokens", 1, 700, true, true, true},
    {"output_token_count", "Output Token Count", "tokens", 1, -1, false, true, true},
    {"reasoning_token_count", "Reasoning Token Count", "tokens", 1, -1, false, true, true},
    // Not an upstream metric (its nearest, credit_to_start_latency, is anchored at credit
    // issue, not at the schedule); hidden from the console like upstream's.
    {"send_lag", "Send Lag", "ms", kNsPerMs, -1, false, false, true},
    // Ours too: the twins of TTFT and request latency measured from the arrival schedule, so a
    // request the client sent late is charged the wait (coordinated omission). After every
    // upstream row on the console, which keeps upstream's rows in their own order.
    {"request_latency_from_schedule", "Request Latency From Schedule", "ms", kNsPerMs, 1120, true, false,
     true},
    {"time_to_first_token_from_schedule", "Time to First Token From Schedule", "ms", kNsPerMs, 1110, true,
     false, true},
    {"error_isl", "Error Input Sequence Length", "tokens", 1, -1, false, true, true},
    {"request_count", "Request Count", "requests", 1, 1100, true, true, false},
    {"error_request_count", "Error Request Count", "requests", 1, -1, false, true, false},
    {"completed_request_count", "Completed Requests (Success + Error)", "requests", 1, 1075, true,
     true, false},
    {"request_error_rate", "Request Error Rate", "%", 1, 1080, true, false, false},
    {"total_isl", "Total Input Sequence Length", "tokens", 1, -1, false, true, false},
    {"total_output_tokens", "Total Output Tokens", "tokens", 1, -1, false, true, false},
    {"total_reasoning_tokens", "Total Reasoning Tokens", "tokens", 1, -1, false, true, false},
    {"total_osl", "Total Output Sequence Length", "tokens", 1, -1, false, true, false},
    {"total_error_isl", "Total Error Input Sequence Length", "tokens", 1, -1, false, true, false},
    {"min_request_timestamp", "Minimum Request Timestamp", "ns", 1, -1, false, true, false},
    {"max_response_timestamp", "Maximum Response Timestamp", "ns", 1, -1, false, true, false},
    {"benchmark_duration", "Benchmark Duration", "sec", kNsPerSec, -1, false, false, false},
    {"request_throughput", "Request Throughput", "requests/sec", 1, 900, true, false, false},
    {"output_token_throughput", "Output Token Throughput", "tokens/sec", 1, 800, true, false,
     false},
    {"input_token_throughput", "Input Token Throughput", "tokens/sec", 1, 805, false, false, false},
    {"total_token_throughput", "Total Token Throughput", "tokens/sec", 1, -1, false, false, false},
}};

constexpr bool tags_in_enum_order() {
  return std::string_view(kCatalogue[size_t(MetricId::error_isl)].tag) == "error_isl" &&
         std::string_view(kCatalogue[size_t(MetricId::request_count)].tag) == "request_count" &&
         std::string_view(kCatalogue[kMetricCount - 1].tag) == "total_token_throughput";
}
static_assert(tags_in_enum_order(), "kCatalogue rows must follow MetricId order");

}  // namespace

const MetricInfo& metric_info(MetricId id) { return kCatalogue[size_t(id)]; }

}  // namespace aiperf
