#include "metrics/record_jsonl.h"

#include "metrics/json_text.h"
#include "metrics/trace_data_json.h"

namespace aiperf {
namespace {

void key(std::string& out, bool& first, std::string_view k) {
  if (!first) out.push_back(',');
  first = false;
  out.push_back('"');
  out.append(k);  // keys are fixed ASCII identifiers: no escaping needed
  out += "\":";
}

}  // namespace

void append_record_metadata(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                            const ClockAnchor& anchor, bool is_error, uint32_t invalid_sse_messages) {
  bool first = true;
  out += "\"metadata\":{";
  key(out, first, "session_num");
  append_json_int(out, int64_t(raw.session_num));
  auto opt_string = [&](std::string_view k, std::string_view v) {
    if (v.empty()) return;
    key(out, first, k);
    append_json_string(out, v);
  };
  auto opt_wall = [&](std::string_view k, int64_t mono) {
    if (mono == 0) return;
    key(out, first, k);
    append_json_int(out, anchor.to_wall(mono));
  };
  opt_string("x_request_id", raw.x_request_id);
  opt_string("x_correlation_id", raw.x_correlation_id);
  opt_string("conversation_id", conversation_id);
  key(out, first, "turn_index");
  append_json_int(out, raw.turn_index);
  opt_wall("credit_issued_ns", raw.credit_issued_ns);
  opt_wall("request_start_ns", raw.start_ns);
  opt_wall("request_ack_ns", raw.ack_ns);
  if (int64_t end = request_end_wall_ns(raw, anchor, is_error)) {
    key(out, first, "request_end_ns");
    append_json_int(out, end);
  }
  key(out, first, "worker_id");
  out += "\"worker_";
  append_json_int(out, raw.worker_id);
  out.push_back('"');
  key(out, first, "record_processor_id");
  out += "\"record_processor_0\"";
  key(out, first, "benchmark_phase");
  append_json_string(out, phase_name(raw.phase));
  if (raw.was_cancelled) {
    key(out, first, "was_cancelled");
    out += "true";
    opt_wall("cancellation_time_ns", raw.cancellation_ns);
  }
  // Agentic / DAG runs; omitted at their defaults, as upstream's current exports do.
  if (raw.agent_depth != 0) {
    key(out, first, "agent_depth");
    append_json_int(out, raw.agent_depth);
  }
  opt_string("parent_correlation_id", raw.parent_correlation_id);
  // Ours (upstream drops such messages without a trace); omitted at 0 like the fields above.
  if (invalid_sse_messages != 0) {
    key(out, first, "invalid_sse_messages");
    append_json_int(out, invalid_sse_messages);
  }
  out.push_back('}');
}

namespace {

void append_metrics(std::string& out, const RecordMetrics& m) {
  bool first = true;
  out += "\"metrics\":{";
  for (size_t i = 0; i < kRecordMetricCount; ++i) {
    const MetricInfo& info = metric_info(MetricId(i));
    if (!info.per_record || !m.value[i]) continue;
    key(out, first, info.tag);
    out += "{\"value\":";
    if (info.integer) append_json_int(out, int64_t(*m.value[i]));
    else append_json_double(out, *m.value[i] / info.display_divisor);
    out += ",\"unit\":";
    append_json_string(out, info.unit);
    out.push_back('}');
  }
  out.push_back('}');
}

}  // namespace

void append_error_details(std::string& out, const ErrorDetails& e) {
  bool first = true;
  out += "\"error\":{";
  if (e.code) {
    key(out, first, "code");
    append_json_int(out, *e.code);
  }
  // Upstream's writer omits unset fields; an empty type is our "unset", as in the summary JSON.
  if (!e.type.empty()) {
    key(out, first, "type");
    append_json_string(out, e.type);
  }
  key(out, first, "message");
  append_json_string(out, e.message);
  out.push_back('}');
}

int64_t request_end_wall_ns(const RawRecord& raw, const ClockAnchor& anchor, bool is_error) {
  if (!is_error && raw.start_ns != 0 && !raw.chunks.empty())
    return anchor.to_wall(raw.start_ns) + (raw.chunks.back().perf_ns - raw.start_ns);
  return raw.end_ns == 0 ? 0 : anchor.to_wall(raw.end_ns);
}

void append_record_line(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                        const ClockAnchor& anchor, const RecordMetrics& metrics,
                        const std::optional<ErrorDetails>& error, bool http_trace,
                        uint32_t invalid_sse_messages) {
  out.push_back('{');
  append_record_metadata(out, raw, conversation_id, anchor, error.has_value(), invalid_sse_messages);
  out.push_back(',');
  append_metrics(out, metrics);
  if (http_trace) {
    out.push_back(',');
    append_trace_data(out, raw, anchor);
  }
  if (error) {
    out.push_back(',');
    append_error_details(out, *error);
  }
  out += "}\n";
}

}  // namespace aiperf
