#include "metrics/record_metrics.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

#include "common/log.h"
#include "config/env_settings.h"
#include "metrics/http_trace_metrics.h"
#include "metrics/time_units.h"

namespace aiperf {
namespace {

void add_streaming_metrics(const RawRecord& raw, const ParsedRecord& parsed, RecordMetrics& m) {
  const auto& rs = parsed.responses;
  m.streamed = true;
  m[MetricId::time_to_first_token] = double(rs.front().perf_ns - raw.start_ns);
  // The first chunk with answer text: later than TTFT when a model reasons first.
  for (const ParsedResponse& r : rs) {
    if (r.text.empty()) continue;
    m[MetricId::time_to_first_output_token] = double(r.perf_ns - raw.start_ns);
    break;
  }
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
  // "Full" twins run to the end of the HTTP response, trailing usage chunk and [DONE] included.
  if (raw.end_ns >= rs.front().perf_ns)
    m[MetricId::full_decode_duration] = double(raw.end_ns - rs.front().perf_ns);
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

void add_osl_mismatch(const TokenCounts& tokens, const RecordMetricOptions& o, RecordMetrics& m) {
  const auto& osl = m[MetricId::output_sequence_length];
  if (!osl || !tokens.requested_output) return;
  const double requested = double(*tokens.requested_output);  // > 0 by construction
  m[MetricId::osl_mismatch_diff_pct] = (*osl - requested) / requested * 100.0;
  // Relative tolerance for short outputs, capped in tokens for long ones.
  const double tolerance = std::min(requested * o.osl_mismatch_pct / 100.0, o.osl_mismatch_max_tokens);
  m.osl_mismatch = std::abs(*osl - requested) > tolerance;
}

void add_rate_metrics(const ParsedRecord& parsed, const RecordMetricOptions& o, RecordMetrics& m) {
  const auto& osl = m[MetricId::output_sequence_length];
  const auto& latency = m[MetricId::request_latency];
  const auto& ttft = m[MetricId::time_to_first_token];
  const auto& full_decode = m[MetricId::full_decode_duration];
  const std::optional<double> decode_tokens =
      osl && (ttft || full_decode) ? itl_decode_tokens(*osl, parsed, o.per_chunk_usage) : std::nullopt;
  if (decode_tokens && ttft) {
    double itl = (*latency - *ttft) / *decode_tokens;
    m[MetricId::inter_token_latency] = itl;
    if (itl > 0) m[MetricId::output_token_throughput_per_user] = kNsPerSec / itl;
  }
  if (decode_tokens && full_decode) {
    double itl = *full_decode / *decode_tokens;
    m[MetricId::full_response_inter_token_latency] = itl;
    if (itl > 0) m[MetricId::full_response_output_token_throughput_per_user] = kNsPerSec / itl;
  }
  if (osl && *latency > 0)
    m[MetricId::e2e_output_token_throughput] = *osl / (*latency / kNsPerSec);
  const auto& isl = m[MetricId::input_sequence_length];
  if (isl && ttft && *ttft > 0) m[MetricId::prefill_throughput_per_user] = *isl / (*ttft / kNsPerSec);
}

void add_usage_metrics(const TokenUsage& u, RecordMetrics& m) {
  auto set = [&m](MetricId id, const std::optional<int64_t>& v) {
    if (v) m[id] = double(*v);  // a field the server left out stays absent, never 0
  };
  set(MetricId::usage_prompt_tokens, u.prompt_tokens);
  set(MetricId::usage_completion_tokens, u.completion_tokens);
  set(MetricId::usage_total_tokens, u.total_tokens);
  set(MetricId::usage_reasoning_tokens, u.reasoning_tokens);
  set(MetricId::usage_prompt_cache_read_tokens, u.prompt_cache_read_tokens);
}

// |usage − client| / client × 100 for each pair both sides have (client count > 0).
void add_usage_diffs(const RecordMetricOptions& o, RecordMetrics& m) {
  constexpr std::array<std::array<MetricId, 3>, 3> kPairs = {{
      {MetricId::usage_prompt_tokens, MetricId::input_sequence_length,
       MetricId::usage_prompt_tokens_diff_pct},
      {MetricId::usage_completion_tokens, MetricId::output_sequence_length,
       MetricId::usage_completion_tokens_diff_pct},
      {MetricId::usage_reasoning_tokens, MetricId::reasoning_token_count,
       MetricId::usage_reasoning_tokens_diff_pct},
  }};
  for (const auto& [usage, client, diff] : kPairs) {
    if (!m[usage] || !m[client] || *m[client] <= 0) continue;
    const double pct = std::abs(*m[usage] - *m[client]) / *m[client] * 100.0;
    m[diff] = pct;
    m.usage_discrepancy = m.usage_discrepancy.value_or(false) || pct > o.usage_diff_pct;
  }
}

void add_image_metrics(const ParsedRecord& parsed, const TokenCounts& tokens, ImageCountSource source,
                       RecordMetrics& m) {
  const std::optional<int64_t> images =
      source == ImageCountSource::response ? response_image_count(parsed) : tokens.request_images;
  const ImageMetricValues v = image_metric_values(images, *m[MetricId::request_latency]);
  m[MetricId::num_images] = v.num_images;
  m[MetricId::image_throughput] = v.image_throughput;
  m[MetricId::image_latency] = v.image_latency_ns;
}

// Speculative decoding (§1.8). A step verifies its draft tokens and emits the accepted ones plus
// one token of its own, hence the 1 + and the + steps. A ratio whose divisor is 0 (a request that
// ended before any step) is absent; the counts are kept, 0 included.
void add_spec_decode_metrics(const SpecDecodeStats& s, RecordMetrics& m) {
  const auto& steps = s.num_spec_steps;
  const auto& accepted = s.num_accepted_draft_tokens;
  const auto& drafts = s.num_draft_tokens;
  if (steps) m[MetricId::spec_decode_steps] = double(*steps);
  if (accepted) m[MetricId::spec_decode_accepted_draft_tokens] = double(*accepted);
  if (drafts) m[MetricId::spec_decode_draft_tokens] = double(*drafts);
  if (steps && accepted && *steps > 0)
    m[MetricId::spec_decode_acceptance_length] = 1.0 + double(*accepted) / double(*steps);
  if (accepted && drafts && *drafts > 0)
    m[MetricId::spec_decode_draft_acceptance_rate] = double(*accepted) / double(*drafts) * 100.0;
  if (steps && accepted && drafts && *drafts + *steps > 0)
    m[MetricId::spec_decode_accepted_per_verified] =
        double(*accepted + *steps) / double(*drafts + *steps);
}

// Coordinated-omission latencies (§1.8), anchored at the credit: its scheduled time in open loop
// and fixed-schedule replay (the worker stores that as credit_issued_ns), so a request that had to
// wait is charged the wait. Clamped at 0 as upstream (a send a hair before its schedule).
void add_credit_latencies(const RawRecord& raw, bool valid, RecordMetrics& m) {
  if (raw.credit_issued_ns == 0 || raw.start_ns == 0) return;
  m[MetricId::credit_to_start_latency] = double(std::max<int64_t>(raw.start_ns - raw.credit_issued_ns, 0));
  if (!valid) return;  // failures enter adj_effective_latency as +inf instead
  // request_end_ns of the JSONL: the last raw chunk, trailing usage and [DONE] included.
  const int64_t end = raw.chunks.empty() ? raw.end_ns : raw.chunks.back().perf_ns;
  m[MetricId::effective_latency] = double(std::max<int64_t>(end - raw.credit_issued_ns, 0));
}

// EXPERIMENTAL (§1.1, §1.2): where the time to first token goes, and reasoning per answer token.
void add_experimental_metrics(const RawRecord& raw, RecordMetrics& m) {
  const auto& ttft = m[MetricId::time_to_first_token];
  if (ttft && raw.ack_ns != 0 && raw.ack_ns >= raw.start_ns) {
    const double setup = double(raw.ack_ns - raw.start_ns);
    m[MetricId::stream_setup_latency] = setup;
    m[MetricId::stream_prefill_latency] = *ttft - setup;
  }
  const auto& reasoning = m[MetricId::reasoning_token_count];
  const auto& out = m[MetricId::output_token_count];  // absent when 0: no division by zero
  if (reasoning && out) m[MetricId::thinking_efficiency] = *reasoning / *out;
}

}  // namespace

RecordMetricOptions record_metric_options(const MetricsSettings& config) {
  RecordMetricOptions o;
  o.streaming = config.streaming;
  // With server counts, usage *is* the count: comparing it with itself says nothing.
  o.usage_diff = !config.use_server_token_count;
  o.http_trace = config.show_trace_timing;
  o.per_chunk_usage = config.per_chunk_usage;
  o.produces_tokens = endpoint_info(config.endpoint_type).produces_tokens;
  o.images = image_count_source(config.endpoint_type);
  const EnvSettings& env = env_settings();
  o.osl_mismatch_pct = env.metrics_osl_mismatch_pct;
  o.osl_mismatch_max_tokens = env.metrics_osl_mismatch_max_tokens;
  o.usage_diff_pct = env.metrics_usage_pct_diff;
  o.experimental = env.dev_mode && env.dev_show_experimental_metrics;
  o.internal = env.dev_mode && env.dev_show_internal_metrics;
  return o;
}

std::optional<double> itl_decode_tokens(double osl, const ParsedRecord& parsed, bool per_chunk_usage) {
  if (osl < 2) return std::nullopt;
  if (!per_chunk_usage) return osl - 1;
  if (parsed.first_content_chunk_tokens) {
    const double first = double(*parsed.first_content_chunk_tokens);
    if (first > 0 && osl - first >= 1) return osl - first;
  }
  // Once per process, as upstream: a server without continuous usage would otherwise flood the log.
  static std::atomic<bool> warned{false};
  if (!warned.exchange(true))
    console_notes() << "warning: --per-chunk-usage: a response had no usable usage.completion_tokens on its first "
                 "content chunk; its inter_token_latency divides by output_sequence_length - 1\n";
  return osl - 1;
}

RecordMetrics compute_record_metrics(const RawRecord& raw, const ParsedRecord& parsed,
                                     const TokenCounts& tokens, const RecordMetricOptions& options) {
  RecordMetrics m;
  m.cancelled = raw.was_cancelled;
  // Pacing is judged on every request sent, failed or not; negative lag (sent early) is kept.
  if (raw.scheduled_ns != 0 && raw.start_ns != 0)
    m[MetricId::send_lag] = double(raw.start_ns - raw.scheduled_ns);
  const bool valid = !parsed.error && !parsed.responses.empty();
  add_credit_latencies(raw, valid, m);
  if (!valid) {
    if (tokens.input) m[MetricId::error_isl] = double(*tokens.input);
    return m;
  }
  m.session_completed = raw.turn_index + 1 >= raw.session_turns;
  // Last *content* chunk: a trailing usage-only chunk or [DONE] does not extend latency.
  m[MetricId::request_latency] = double(parsed.responses.back().perf_ns - raw.start_ns);
  if (raw.scheduled_ns != 0)
    m[MetricId::request_latency_from_schedule] = double(parsed.responses.back().perf_ns - raw.scheduled_ns);
  if (options.streaming && parsed.streamed && options.produces_tokens) add_streaming_metrics(raw, parsed, m);
  if (options.produces_tokens) {
    add_token_metrics(tokens, m);
    add_osl_mismatch(tokens, options, m);
    add_rate_metrics(parsed, options, m);
  } else if (tokens.input) {
    m[MetricId::input_sequence_length] = double(*tokens.input);
  }
  if (options.images != ImageCountSource::none) add_image_metrics(parsed, tokens, options.images, m);
  if (parsed.usage) add_usage_metrics(*parsed.usage, m);
  if (parsed.spec_decode) add_spec_decode_metrics(*parsed.spec_decode, m);
  if (parsed.video_inference_time_s) m[MetricId::video_inference_time] = *parsed.video_inference_time_s * kNsPerSec;
  if (parsed.video_peak_memory_mb) m[MetricId::video_peak_memory] = *parsed.video_peak_memory_mb;
  if (options.usage_diff) add_usage_diffs(options, m);
  if (options.http_trace) add_http_trace_metrics(raw.trace, m);
  if (options.experimental) add_experimental_metrics(raw, m);
  if (options.internal && tokens.requested_output) m[MetricId::requested_osl] = double(*tokens.requested_output);
  return m;
}

}  // namespace aiperf
