#include "app/run_telemetry.h"

#include "common/log.h"
#include "common/url_credentials.h"
#include "config/env_settings.h"
#include "export/artifact_layout.h"
#include "export/atomic_file.h"
#include "export/console_report.h"
#include "export/json_summary.h"
#include "telemetry/gpu_telemetry_collector.h"
#include "telemetry/network_probe.h"
#include "telemetry/server_metrics_collector.h"
#include "telemetry/server_metrics_export.h"
#include "telemetry/server_metrics_parquet.h"
#include "transport/endpoint_url.h"

namespace aiperf {

// Each collector's part is in its own section below; the collectors live in src/telemetry/.

RunTelemetry::RunTelemetry(const ProfileConfig& config, std::filesystem::path artifact_dir, ClockAnchor anchor)
    : config_(config), dir_(std::move(artifact_dir)), anchor_(anchor) {}

RunTelemetry::~RunTelemetry() = default;

void RunTelemetry::start() {
  // ---- server metrics ----
  if (config_.server_metrics.enabled) {
    // <each --url>/metrics, then --server-metrics URLs; each endpoint once.
    std::vector<ScrapeEndpoint> endpoints;
    auto add = [&](const std::string& url, bool from_endpoint_url) {
      for (const ScrapeEndpoint& e : endpoints)
        if (e.url == url) return;
      ScrapeEndpoint e;
      e.url = url;
      e.display_url = redact_url_credentials(url);
      e.fallback_allowed = from_endpoint_url;
      endpoints.push_back(std::move(e));
    };
    for (const std::string& u : config_.urls) add(server_metrics_url_for(u), true);
    for (const std::string& u : config_.server_metrics.extra_urls) add(u, false);
    const std::filesystem::path jsonl =
        config_.server_metrics.jsonl ? dir_ / (artifact_names(config_).server_metrics + ".jsonl") : std::filesystem::path();
    server_ = std::make_unique<ServerMetricsCollector>(std::move(endpoints), env_settings().server_metrics_interval_s,
                                                       kServerMetricsTimeoutSeconds, jsonl, anchor_);
    server_->start();
  }
  // ---- GPU telemetry ----
  if (config_.gpu_telemetry.enabled) {
    // Raw samples only from export level records up (metrics-and-outputs.md §7.2).
    const std::filesystem::path jsonl =
        config_.export_level == ExportLevel::summary ? std::filesystem::path() : dir_ / artifact_names(config_).gpu_telemetry;
    gpu_ = std::make_unique<GpuTelemetryCollector>(config_.gpu_telemetry, jsonl, anchor_);
    gpu_->start();
  }
  // ---- network probe ----
  if (config_.network_latency.enabled()) {
    // Each --url's host and port (80/443 by scheme when absent): one TCP handshake per probe.
    std::vector<NetworkProbeTarget> targets;
    for (const std::string& url : config_.urls) {
      const EndpointUrl u = resolve_endpoint_url(url, "");
      targets.push_back({url, u.host, u.port});
    }
    network_ = std::make_unique<NetworkProbe>(config_.network_latency, std::move(targets), dir_ / kNetworkLatencyFile,
                                              anchor_);
    network_->start();  // with --network-latency-mean, nothing to probe
  }
}

void RunTelemetry::phase_boundary() {
  if (server_) server_->scrape_now(1.0);
}

void RunTelemetry::set_profiling_window(int64_t start_ns, int64_t end_ns) {
  window_start_ns_ = start_ns;
  window_end_ns_ = end_ns;
}

void RunTelemetry::stop() {
  // ---- server metrics ----
  if (server_) server_->stop();
  // ---- GPU telemetry ----
  if (gpu_) gpu_->stop();
  // ---- network probe ----
  if (network_) network_->stop();
}

void RunTelemetry::finish(RunInfo& info) {
  // ---- server metrics ----
  if (server_) finish_server_metrics(info);
  // ---- GPU telemetry ----
  if (gpu_) {
    if (window_end_ns_ > window_start_ns_) gpu_->set_profiling_window(window_start_ns_, window_end_ns_);
    info.telemetry_data = gpu_->telemetry_data();
    info.telemetry_csv = gpu_->csv_section();
    info.telemetry_console = gpu_->console_tables(console_export_width());
  }
  // ---- network probe ----
  if (network_ && config_.network_latency.automatic) {
    const std::optional<double> rtt = network_->mean_rtt_ms();
    log_info("network RTT: " + std::to_string(network_->successes()) + " of " + std::to_string(network_->probes()) +
             " TCP handshake probe(s) succeeded" + (rtt ? ", mean " + std::to_string(*rtt) + " ms" : ""));
    if (!rtt) log_warning("no network RTT probe succeeded: the network_adjusted_* metrics are left out");
  }
}

void RunTelemetry::finish_server_metrics(RunInfo& info) {
  bool any = false;
  for (const auto& e : server_->endpoints()) any = any || e->reachable;
  if (!any) return;  // every endpoint was dropped with its own notice
  ScrapeWindow window;
  window.start_ns = window_start_ns_;
  // The final scrape, taken as profiling ended, closes the window.
  window.end_ns = std::max(window_end_ns_, server_->final_scrape_ns());
  window.seconds = double(window_end_ns_ - window_start_ns_) / 1e9;
  ServerMetricsReportInfo report;
  report.benchmark_id = info.benchmark_id;
  report.start_wall_ns = info.start_wall_ns;
  report.end_wall_ns = info.end_wall_ns;
  report.input_config = config_.to_json();
  report.anchor = anchor_;
  report.slice_s = config_.slice_duration.value_or(0);
  const std::string stem = artifact_names(config_).server_metrics;
  const nlohmann::ordered_json doc = server_metrics_json(server_->endpoints(), window, report);
  auto write = [&](const std::string& ext, const std::string& label, const std::string& text) {
    const std::filesystem::path path = dir_ / (stem + ext);
    try {
      write_file_atomically(path, text);
      info.telemetry_files.emplace_back(label, path);
    } catch (const std::exception& e) {
      log(LogLevel::error, "writing " + path.string() + " failed: " + e.what());
    }
  };
  if (config_.server_metrics.json) write(".json", "Server Metrics JSON Export", dump_pretty(doc));
  if (config_.server_metrics.csv) write(".csv", "Server Metrics CSV Export", server_metrics_csv(doc));
  if (config_.server_metrics.parquet) {
    const std::filesystem::path path = dir_ / (stem + ".parquet");
    try {
      write_server_metrics_parquet(path, server_->endpoints(), window, anchor_, info.benchmark_id);
      info.telemetry_files.emplace_back("Server Metrics Parquet Export", path);
    } catch (const std::exception& e) {
      log(LogLevel::error, std::string("server metrics: ") + e.what());
    }
  }
  if (config_.server_metrics.jsonl) {
    const std::filesystem::path path = dir_ / (stem + ".jsonl");
    if (server_->jsonl_ok()) info.telemetry_files.emplace_back("Server Metrics Raw Export", path);
    else log(LogLevel::error, "writing " + path.string() + " failed; it is incomplete");
  }
}

std::optional<double> RunTelemetry::network_rtt_ms() const {
  return network_ ? network_->mean_rtt_ms() : std::nullopt;
}

std::vector<std::string> RunTelemetry::gpu_dashboard_lines() const {
  return gpu_ ? gpu_->dashboard_lines() : std::vector<std::string>{};
}

}  // namespace aiperf
