#include "metrics/metrics_settings.h"

namespace aiperf {

MetricsSettings metrics_settings(const ProfileConfig& c) {
  MetricsSettings s;
  s.endpoint_type = c.endpoint_type;
  s.streaming = c.streaming;
  s.use_server_token_count = c.use_server_token_count;
  s.per_chunk_usage = c.per_chunk_usage;
  s.multipart = c.multipart;
  s.multipart_boundary = c.multipart_boundary;
  s.scheduled = c.rate_mode() || c.fixed_schedule;
  s.fixed_schedule = c.fixed_schedule;
  s.multi_turn = c.multi_turn();
  s.show_trace_timing = c.show_trace_timing;
  s.export_http_trace = c.export_http_trace;
  s.slice_duration = c.slice_duration;
  s.steady_state = c.steady_state;
  s.steady_state_seed = c.random_seed.value_or(0);
  s.goodput = c.goodput;
  return s;
}

}  // namespace aiperf
