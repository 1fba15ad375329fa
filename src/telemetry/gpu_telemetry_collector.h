#pragma once
// GPU telemetry beside a profile run (metrics-and-outputs.md §8, docs/telemetry.md): DCGM
// exporters scraped over HTTP, or NVML polled locally, every 0.333 s on a thread of its own.
// Raw samples go to gpu_telemetry_export.jsonl as they arrive; the summary, console tables and
// dashboard lines are computed from the samples inside the profiling window.
//
// Threads: start(), set_profiling_window(), stop() and the result calls come from the run's
// thread; the collector thread only samples and writes the JSONL file; dashboard_lines() may be
// called from any thread. Nothing here touches a worker or the record path.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "config/telemetry_settings.h"
#include "telemetry/gpu_telemetry_snapshot.h"
#include "telemetry/nvml_reader.h"

namespace aiperf {

class HttpClient;

struct GpuCollectorOptions {
  // Always probed, silently skipped when nothing answers (upstream's defaults).
  std::vector<std::string> default_urls = {"http://localhost:9400/metrics", "http://localhost:9401/metrics"};
  std::string nvml_library = kNvmlLibrary;  // tests name a missing one
  double interval_s = 0;         // 0: AIPERF_GPU_COLLECTION_INTERVAL, else 0.333
  double probe_timeout_s = 10;   // the reachability check before the run
  double scrape_timeout_s = 5;
};

// AIPERF_GPU_COLLECTION_INTERVAL (seconds, > 0), else 0.333; a bad value is warned about once.
double gpu_collection_interval_s();

class GpuTelemetryCollector {
 public:
  // `jsonl_path` empty: no gpu_telemetry_export.jsonl (export level summary).
  GpuTelemetryCollector(const GpuTelemetrySettings& settings, std::filesystem::path jsonl_path, ClockAnchor anchor,
                        GpuCollectorOptions options = {});
  ~GpuTelemetryCollector();  // stops
  GpuTelemetryCollector(const GpuTelemetryCollector&) = delete;
  GpuTelemetryCollector& operator=(const GpuTelemetryCollector&) = delete;

  // Reachability checks (in parallel, each bounded by probe_timeout_s), one warning per
  // explicit source that fails, the first samples, then the sampling thread. Nothing when
  // the settings are disabled or no source answers.
  void start();
  // Monotonic ns; only samples inside count in the results.
  void set_profiling_window(int64_t start_mono_ns, int64_t end_mono_ns);
  // One last sample, then the thread ends and the JSONL file is closed. Idempotent.
  void stop();

  size_t gpu_count() const;
  // §8.6's block; null when no GPU was ever seen.
  nlohmann::ordered_json telemetry_data() const;
  // §6.3's tables; "" unless the settings ask for the console (--gpu-telemetry given).
  std::string console_tables(int width, bool color = false) const;
  // The GPU table of profile_export_aiperf.csv (§7.4); "" without data.
  std::string csv_section() const;
  // The dashboard's GPU panel; empty unless --gpu-telemetry dashboard. Any thread.
  std::vector<std::string> dashboard_lines() const;
  GpuTelemetrySnapshot snapshot() const;

 private:
  struct Endpoint {
    std::string url;          // normalised, as scraped
    bool explicit_url = false;
    bool reachable = false;
    std::string last_body;    // an unchanged body is not parsed or stored again
  };

  void probe_dcgm();
  void open_nvml();
  void run();
  void sample_once();
  void scrape(Endpoint& e);
  void add_source(const std::string& url, bool reachable);
  void record(const std::string& source, int64_t mono, std::vector<GpuReading> readings);
  void write_jsonl(const std::string& source, int64_t mono, const std::vector<GpuReading>& readings);

  GpuTelemetrySettings settings_;
  std::filesystem::path jsonl_path_;
  GpuCollectorOptions options_;
  std::vector<Endpoint> endpoints_;     // set by start(); then the sampling thread's (stop() after join)
  std::unique_ptr<NvmlReader> nvml_;
  std::unique_ptr<HttpClient> http_;
  std::ofstream jsonl_;
  std::vector<char> jsonl_buffer_;
  bool jsonl_failed_ = false;

  mutable std::mutex mu_;               // guards data_ and track_of_
  GpuTelemetrySnapshot data_;
  std::unordered_map<std::string, size_t> track_of_;  // source + GPU key -> index in data_.gpus

  std::thread thread_;
  std::mutex wake_mu_;
  std::condition_variable wake_;
  bool stopping_ = false;               // under wake_mu_
  bool running_ = false;
};

}  // namespace aiperf
