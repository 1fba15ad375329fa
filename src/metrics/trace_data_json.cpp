#include "metrics/trace_data_json.h"

#include "metrics/json_text.h"

namespace aiperf {

void append_trace_data(std::string& out, const RawRecord& raw, const ClockAnchor& anchor) {
  const HttpTrace& t = raw.trace;
  out += "\"trace_data\":{\"trace_type\":\"asio\"";
  auto field = [&out](const char* name, int64_t v) {
    out += ",\"";
    out += name;
    out += "\":";
    append_json_int(out, v);
  };
  auto stamp = [&field](const char* name, int64_t mono) {
    if (mono != 0) field(name, mono);
  };
  // wall = reference_time_ns + (any *_perf_ns - reference_perf_ns)
  field("reference_time_ns", anchor.wall);
  field("reference_perf_ns", anchor.mono);
  stamp("tcp_connect_start_perf_ns", t.connect_start_ns);
  stamp("tcp_connect_end_perf_ns", t.connect_end_ns);
  stamp("request_send_start_perf_ns", t.send_start_ns);
  stamp("request_send_end_perf_ns", t.send_end_ns);
  stamp("response_headers_received_perf_ns", raw.ack_ns);
  stamp("response_receive_start_perf_ns", t.receive_start_ns);
  stamp("response_receive_end_perf_ns", t.receive_end_ns);
  out += ",\"connection_reused\":";
  out += t.connection_reused ? "true" : "false";
  field("request_bytes_total", int64_t(t.bytes_sent));
  field("request_chunks_count", t.writes);
  field("response_bytes_total", int64_t(t.bytes_received));
  field("response_chunks_count", t.reads);
  out.push_back('}');
}

}  // namespace aiperf
