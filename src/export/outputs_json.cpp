#include "export/outputs_json.h"

#include <nlohmann/json.hpp>

#include "export/pretty_json.h"
#include "metrics/metric_catalogue.h"
#include "metrics/record_jsonl.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

std::filesystem::path partial_path(std::filesystem::path p) { return p += ".partial"; }

// The short names outputs.json uses for the metrics it carries, in its order.
struct OutputMetric {
  const char* key;
  MetricId id;
};
constexpr OutputMetric kOutputMetrics[] = {
    {"isl", MetricId::input_sequence_length},   {"output_token_count", MetricId::output_token_count},
    {"osl", MetricId::output_sequence_length},  {"request_latency", MetricId::request_latency},
    {"ttft", MetricId::time_to_first_token},    {"itl", MetricId::inter_token_latency},
};

ojson entry_json(const RawRecord& raw, std::string_view conversation_id, const ClockAnchor& anchor,
                 const RecordMetrics& m, const ParsedRecord& parsed) {
  ojson e = ojson::object();
  e["session_num"] = int64_t(raw.session_num);
  if (!conversation_id.empty()) e["conversation_id"] = std::string(conversation_id);
  e["turn_index"] = raw.turn_index;
  if (!raw.x_request_id.empty()) e["x_request_id"] = raw.x_request_id;
  e["benchmark_phase"] = phase_name(raw.phase);
  if (raw.start_ns != 0) e["request_start_ns"] = anchor.to_wall(raw.start_ns);
  if (int64_t end = request_end_wall_ns(raw, anchor, parsed.error.has_value())) e["request_end_ns"] = end;
  ojson metrics = ojson::object();
  for (const OutputMetric& om : kOutputMetrics) {
    std::optional<double> v = m[om.id];
    // An error record has no ISL of its own kind; its error_isl is the same count.
    if (!v && om.id == MetricId::input_sequence_length) v = m[MetricId::error_isl];
    if (!v) continue;
    const MetricInfo& info = metric_info(om.id);
    if (info.integer) metrics[om.key] = int64_t(*v);
    else metrics[om.key] = *v / info.display_divisor;
  }
  e["metrics"] = std::move(metrics);
  std::string text;
  for (const ParsedResponse& r : parsed.responses) text += r.text;
  e["response_text"] = std::move(text);
  if (parsed.error) {
    ojson err = ojson::object();
    if (parsed.error->code) err["code"] = *parsed.error->code;
    if (!parsed.error->type.empty()) err["type"] = parsed.error->type;
    err["message"] = parsed.error->message;
    e["error"] = std::move(err);
  }
  return e;
}

}  // namespace

OutputsJsonExport::OutputsJsonExport(const std::filesystem::path& path, ClockAnchor anchor)
    : path_(path), partial_(partial_path(path)), anchor_(anchor), out_(partial_) {
  out_ << "{\n  \"schema_version\": \"" << kOutputsSchemaVersion << "\",\n  \"data\": [";
}

void OutputsJsonExport::add_parsed(const RawRecord& raw, std::string_view conversation_id,
                                   const RecordMetrics& metrics, const ParsedRecord& parsed) {
  const std::string text = pretty_json_text(entry_json(raw, conversation_id, anchor_, metrics, parsed), 2);
  if (raw.phase == BenchmarkPhase::warmup) {
    warmup_ += (warmup_entries_++ == 0) ? "\n    " : ",\n    ";
    warmup_ += text;
    return;
  }
  out_ << ((data_entries_++ == 0) ? "\n    " : ",\n    ") << text;
}

bool OutputsJsonExport::close() {
  if (closed_) return bool(out_);
  closed_ = true;
  out_ << (data_entries_ ? "\n  ]" : "]") << ",\n  \"warmup\": [" << warmup_ << (warmup_entries_ ? "\n  ]" : "]")
       << "\n}";
  out_.close();
  if (!out_) return false;
  std::error_code ec;
  std::filesystem::rename(partial_, path_, ec);
  return !ec;
}

}  // namespace aiperf
