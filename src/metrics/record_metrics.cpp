#include "metrics/record_metrics.h"

namespace aiperf {
namespace {

constexpr double kNsPerSec = 1e9;

void add_streaming_metrics(const RawRecord& raw, const ParsedRecord& parsed, RecordMetrics& m) {
  const auto& rs = parsed.responses;
  m[MetricId::time_to_first_token] = double(rs.front().perf_ns - raw.start_ns);
  if (rs.size() >= 2) {
    // TTST is the gap between the first two content chunks, not a time from request start.
    m[MetricId::time_to_second_token] = double(rs[1].perf_ns - rs[0].perf_ns);
    m.inter_chunk_latency.reserve(rs.size() - 1);
    for (size_t i = 1; i < rs.size(); ++i) {
      int64_t gap = rs[i].perf_ns - rs[i - 1].perf_ns;
      if (gap < 0) {  // clock went backwards: upstream drops the whole list for the record
        m.inter_chunk_latency.clear();
        break;
      }
      m.inter_chunk_latency.push_back(double(gap));
    }
  }
  m[MetricId::decode_duration] = *m[MetricId::request_latency] - *m[MetricId::time_to_first_token];
  if (raw.scheduled_ns != 0)
    m[MetricId::time_to_first_token_from_schedule] = double(rs.front().perf_ns - raw.scheduled_ns);
}

void add_token_metrics(const TokenCounts& tokens, RecordMetrics& m) {
  if (tokens.input) m[MetricId::input_sequence_length] = double(*tokens.input);
  // Upstream drops a zero output count ("not value"), but keeps a zero reasoning count.
  if (tokens.output && *tokens.output != 0) m[MetricId::output_token_count] = double(*tokens.output);
  if (tokens.reasoning) m[MetricId::reasoning_token_count] = double(*tokens.reasoning);
  const auto& out = m[MetricId::output_token_count];
  const auto& reasoning = m[MetricId::reasoning_token_count];
  if (out || reasoning)
    m[MetricId::output_sequence_length] = out.value_or(0) + reasoning.value_or(0);
}

void add_rate_metrics(RecordMetrics& m) {
  const auto& osl = m[MetricId::output_sequence_length];
  const auto& latency = m[MetricId::request_latency];
  const auto& ttft = m[MetricId::time_to_first_token];
  if (osl && ttft && *osl >= 2) {
    double itl = (*latency - *ttft) / (*osl - 1);
    m[MetricId::inter_token_latency] = itl;
    if (itl > 0) m[MetricId::output_token_throughput_per_user] = kNsPerSec / itl;
  }
  if (osl && *latency > 0)
    m[MetricId::e2e_output_token_throughput] = *osl / (*latency / kNsPerSec);
}

}  // namespace

RecordMetrics compute_record_metrics(const RawRecord& raw, const ParsedRecord& parsed,
                                     const TokenCounts& tokens, bool streaming_metrics) {
  RecordMetrics m;
  // Pacing is judged on every request sent, failed or not; negative lag (sent early) is kept.
  if (raw.scheduled_ns != 0 && raw.start_ns != 0)
    m[MetricId::send_lag] = double(raw.start_ns - raw.scheduled_ns);
  if (parsed.error || parsed.responses.empty()) {
    if (tokens.input) m[MetricId::error_isl] = double(*tokens.input);
    return m;
  }
  // Last *content* chunk: a trailing usage-only chunk or [DONE] does not extend latency.
  m[MetricId::request_latency] = double(parsed.responses.back().perf_ns - raw.start_ns);
  if (raw.scheduled_ns != 0)
    m[MetricId::request_latency_from_schedule] = double(parsed.responses.back().perf_ns - raw.scheduled_ns);
  if (streaming_metrics && parsed.streamed) add_streaming_metrics(raw, parsed, m);
  add_token_metrics(tokens, m);
  add_rate_metrics(m);
  return m;
}

}  // namespace aiperf
