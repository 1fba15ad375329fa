#include "metrics/raw_export_line.h"

#include "metrics/json_text.h"
#include "metrics/record_jsonl.h"

namespace aiperf {
namespace {

// SSE message → [{"name": field, "value": text}, ...], one packet per line, in order.
// Comment lines (leading ':') are kept under the name "comment" so nothing received is lost.
void append_packets(std::string& out, std::string_view message) {
  out += "\"packets\":[";
  bool first = true;
  while (!message.empty()) {
    size_t eol = message.find_first_of("\r\n");
    std::string_view line = message.substr(0, eol);
    message.remove_prefix(eol == std::string_view::npos ? message.size() : eol + 1);
    if (line.empty()) continue;
    std::string_view name = "comment", value;
    if (line.front() == ':') {
      value = line.substr(1);
    } else {
      size_t colon = line.find(':');
      name = line.substr(0, colon);
      value = colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
    }
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    if (!first) out.push_back(',');
    first = false;
    out += "{\"name\":";
    append_json_string(out, name);
    out += ",\"value\":";
    append_json_string(out, value);
    out.push_back('}');
  }
  out.push_back(']');
}

void append_headers(std::string& out, const HeaderList& headers, const RawRecord& raw,
                    std::span<const std::string> correlation_headers) {
  out += "\"request_headers\":{";
  bool first = true;
  auto one = [&](std::string_view name, std::string_view value) {
    if (!first) out.push_back(',');
    first = false;
    append_json_string(out, name);
    out.push_back(':');
    append_json_string(out, value);
  };
  for (const auto& [name, value] : headers) one(name, value);
  one("X-Request-ID", raw.x_request_id);
  if (correlation_headers.empty()) one("X-Correlation-ID", raw.x_correlation_id);
  for (const std::string& name : correlation_headers) one(name, raw.x_correlation_id);
  out.push_back('}');
}

void append_responses(std::string& out, const RawRecord& raw) {
  out += "\"responses\":[";
  for (size_t i = 0; i < raw.chunks.size(); ++i) {
    const ResponseChunk& c = raw.chunks[i];
    std::string_view bytes = std::string_view(raw.body).substr(c.offset, c.length);
    if (i) out.push_back(',');
    out += "{\"perf_ns\":";
    append_json_int(out, c.perf_ns);
    out.push_back(',');
    if (raw.event_stream) {
      append_packets(out, bytes);
    } else {
      out += "\"text\":";
      append_json_string(out, bytes);
      out += ",\"content_type\":";
      append_json_string(out, raw.content_type);
    }
    out.push_back('}');
  }
  out.push_back(']');
}

}  // namespace

void append_raw_export_line(std::string& out, const RawRecord& raw, std::string_view conversation_id,
                            std::string_view payload, const HeaderList& headers,
                            const ClockAnchor& anchor, const std::optional<ErrorDetails>& error,
                            std::span<const std::string> correlation_headers) {
  out.push_back('{');
  append_record_metadata(out, raw, conversation_id, anchor, error.has_value());
  out += ",\"start_perf_ns\":";
  append_json_int(out, raw.start_ns);
  out += ",\"payload\":";
  out.append(payload.empty() ? std::string_view("null") : payload);  // already compact JSON
  out.push_back(',');
  append_headers(out, headers, raw, correlation_headers);
  out += ",\"status\":";
  if (raw.http_status) append_json_int(out, raw.http_status);
  else out += "null";
  out.push_back(',');
  append_responses(out, raw);
  out.push_back(',');
  if (error) append_error_details(out, *error);  // writes "error":{...}
  else out += "\"error\":null";
  out += "}\n";
}

}  // namespace aiperf
