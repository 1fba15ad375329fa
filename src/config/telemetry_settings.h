#pragma once
// What a run collects beside the benchmark and where it publishes the result
// (cli-and-load.md §3.15, §3.16; metrics-and-outputs.md §8–§10). docs/telemetry.md.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aiperf {

// Prometheus /metrics of the inference servers (§9): on unless --no-server-metrics.
struct ServerMetricsSettings {
  bool enabled = true;
  std::vector<std::string> extra_urls;  // --server-metrics URL...: scraped beside <each --url>/metrics
  // --server-metrics-formats: json csv (default), jsonl, parquet.
  bool json = true, csv = true, jsonl = false, parquet = false;
};

enum class GpuTelemetrySource { dcgm, pynvml, amdsmi };

// GPU telemetry (§8): DCGM exporters at localhost:9400/9401 are probed unless --no-gpu-telemetry.
struct GpuTelemetrySettings {
  bool enabled = true;
  bool console = false;     // --gpu-telemetry given: print the per-GPU tables
  bool dashboard = false;   // --gpu-telemetry dashboard: the live view's GPU panel
  GpuTelemetrySource source = GpuTelemetrySource::dcgm;
  std::vector<std::string> extra_urls;  // DCGM URLs beside the two defaults ("http://" added)
  std::string custom_fields_csv;        // DCGM exporter CSV: extra fields to keep
};

// Network RTT calibration (§2 "Network-RTT calibration", §3.16).
struct NetworkLatencySettings {
  bool automatic = false;             // --network-latency-automatic: probe TCP-handshake RTT
  std::optional<double> mean_ms;      // --network-latency-mean: a fixed RTT to subtract
  double ping_interval_s = 1.0;       // --network-latency-ping-interval
  bool enabled() const { return automatic || mean_ms.has_value(); }
};

// --otel-url: OTLP/HTTP metrics (§10.1).
struct OtelSettings {
  std::string url;  // empty: off; normalised to <scheme>://host:port/v1/metrics
  std::vector<std::pair<std::string, std::string>> resource_attributes;  // --otel-resource-attributes k=v
  std::string gen_ai_provider;  // --gen-ai-provider (empty: inferred from the host)
  bool stream_metrics = true, stream_timing = true;  // --stream metrics|timing|default
};

// --mlflow-tracking-uri (§10.2).
struct MlflowSettings {
  std::string tracking_uri;  // empty: off
  std::string experiment;    // --mlflow-experiment (empty: "Default")
  std::string run_name;      // empty: aiperf-<first 8 characters of the benchmark id>
  std::string parent_run_id;
  std::vector<std::pair<std::string, std::string>> tags;  // --mlflow-tag key:value
  std::vector<std::string> artifact_globs;                // --mlflow-artifact-glob (empty: every export)
};

// --wandb-project (§10.3).
struct WandbSettings {
  std::string project;  // empty: off
  std::string entity, run_name;
  std::vector<std::string> tags;
};

struct TelemetrySettings {
  ServerMetricsSettings server_metrics;
  GpuTelemetrySettings gpu_telemetry;
  NetworkLatencySettings network_latency;
  OtelSettings otel;
  MlflowSettings mlflow;
  WandbSettings wandb;
};

}  // namespace aiperf
