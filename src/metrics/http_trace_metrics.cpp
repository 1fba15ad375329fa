#include "metrics/http_trace_metrics.h"

namespace aiperf {

void add_http_trace_metrics(const HttpTrace& t, RecordMetrics& m) {
  if (t.send_start_ns == 0 || t.send_end_ns == 0 || t.receive_start_ns == 0 || t.receive_end_ns == 0) return;
  // No pool cap and no per-request DNS (see records/http_trace.h): both phases are empty.
  const double blocked = 0, dns = 0;
  const double connecting =
      t.connection_reused || t.connect_end_ns == 0 ? 0 : double(t.connect_end_ns - t.connect_start_ns);
  const double sending = double(t.send_end_ns - t.send_start_ns);
  const double waiting = double(t.receive_start_ns - t.send_end_ns);  // time to first byte
  const double receiving = double(t.receive_end_ns - t.receive_start_ns);  // 0 for a single read
  m[MetricId::http_req_blocked] = blocked;
  m[MetricId::http_req_dns_lookup] = dns;
  m[MetricId::http_req_connecting] = connecting;
  m[MetricId::http_req_sending] = sending;
  m[MetricId::http_req_waiting] = waiting;
  m[MetricId::http_req_receiving] = receiving;
  // Stamped directly rather than summed, so it also says whether the phases tile the exchange.
  m[MetricId::http_req_duration] = double(t.receive_end_ns - t.send_start_ns);
  m[MetricId::http_req_connection_overhead] = blocked + dns + connecting;
  m[MetricId::http_req_total] = blocked + dns + connecting + sending + waiting + receiving;
  m[MetricId::http_req_data_sent] = double(t.bytes_sent);
  m[MetricId::http_req_data_received] = double(t.bytes_received);
  m[MetricId::http_req_connection_reused] = t.connection_reused ? 1.0 : 0.0;
  m[MetricId::http_req_chunks_sent] = double(t.writes);
  m[MetricId::http_req_chunks_received] = double(t.reads);
}

}  // namespace aiperf
