#pragma once
// Everything a profile run collects beside the benchmark (docs/telemetry.md): the servers'
// Prometheus /metrics, GPU telemetry and the network RTT probe. Each collector has its own
// thread and HTTP client; none touches a worker, the issuer or the record thread.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/clock.h"
#include "config/profile_config.h"
#include "export/exporter.h"

namespace aiperf {

class ServerMetricsCollector;  // telemetry/server_metrics_collector.h
class GpuTelemetryCollector;   // telemetry/gpu_telemetry_collector.h
class NetworkProbe;            // telemetry/network_probe.h

class RunTelemetry {
 public:
  RunTelemetry(const ProfileConfig& config, std::filesystem::path artifact_dir, ClockAnchor anchor);
  ~RunTelemetry();

  // Before warm-up: reachability checks and baseline samples, then the collector threads.
  void start();
  // Between two phases (the previous one has returned every request): counters read now are
  // the next phase's reference. Waits for the scrapes, a second at most.
  void phase_boundary();
  // The profiling phase's window (monotonic ns): only samples inside it count.
  void set_profiling_window(int64_t start_ns, int64_t end_ns);
  // After the last phase: final samples; the threads stop.
  void stop();
  // Writes the telemetry artifacts and adds what the summary and console carry to `info`.
  void finish(RunInfo& info);

  // The RTT the network_adjusted_* metrics subtract (--network-latency-mean, or the mean of the
  // successful probes); nullopt without network-RTT calibration or a successful probe. After stop().
  std::optional<double> network_rtt_ms() const;

  // The live view's GPU panel (empty without GPU telemetry); any thread.
  std::vector<std::string> gpu_dashboard_lines() const;

 private:
  // A scrape that takes longer is abandoned (the next one starts on time).
  static constexpr double kServerMetricsTimeoutSeconds = 10.0;
  void finish_server_metrics(RunInfo& info);

  const ProfileConfig& config_;
  std::filesystem::path dir_;
  ClockAnchor anchor_;
  int64_t window_start_ns_ = 0, window_end_ns_ = 0;
  std::unique_ptr<ServerMetricsCollector> server_;
  std::unique_ptr<GpuTelemetryCollector> gpu_;
  std::unique_ptr<NetworkProbe> network_;
};

}  // namespace aiperf
