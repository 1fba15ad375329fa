#pragma once
// What the metrics plane reads of a run's configuration (docs/design.md, "Settings per plane"):
// the record processor, the per-record metrics and goodput take this slice, never the whole
// ProfileConfig, so a new option reaches metrics only by being named here.
#include <optional>
#include <string>
#include <vector>

#include "config/endpoint_catalog.h"
#include "config/profile_config.h"

namespace aiperf {

struct MetricsSettings {
  EndpointType endpoint_type = EndpointType::chat;
  bool streaming = false;
  bool use_server_token_count = false;
  bool per_chunk_usage = false;
  bool multipart = false;                   // request bodies are forms under multipart_boundary
  std::string multipart_boundary;
  bool scheduled = false;                   // a rate or a fixed schedule: sends have scheduled times
  bool fixed_schedule = false;
  bool multi_turn = false;
  bool show_trace_timing = false;           // http_req_* metrics
  bool export_http_trace = false;           // trace_data in the records export
  std::optional<double> slice_duration;     // seconds: timeslice statistics
  std::optional<SteadyStateSettings> steady_state;  // steady-state window statistics
  uint64_t steady_state_seed = 0;           // the bootstrap's seed: --random-seed, else 0
  std::vector<GoodputTarget> goodput;
};

MetricsSettings metrics_settings(const ProfileConfig& config);

}  // namespace aiperf
