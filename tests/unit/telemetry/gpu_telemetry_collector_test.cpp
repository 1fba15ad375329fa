#include "telemetry/gpu_telemetry_collector.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <regex>

#include "../support/temp_dir.h"
#include "common/log.h"
#include "gpu_telemetry_test_support.h"

namespace aiperf {
namespace {

// Warnings the collector logs while it lives (the console diversion sees every WARNING).
struct GpuWarningCatcher {
  std::mutex mu;
  std::vector<std::string> lines;
  GpuWarningCatcher() {
    divert_console_log([this](LogLevel level, const std::string& line) {
      std::lock_guard lock(mu);
      if (level >= LogLevel::warning) lines.push_back(line);
    });
  }
  ~GpuWarningCatcher() { divert_console_log({}); }
  std::string all() {
    std::lock_guard lock(mu);
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  }
};

// The fixture with GPU utilisation raised by n and the energy counter by n MJ on request n.
std::string gpu_changing_page(int n) {
  static const std::string page = testing::gpu_fixture_text("dcgm_exporter_8xh100.txt");
  std::string out;
  std::istringstream in(page);
  for (std::string line; std::getline(in, line);) {
    const size_t space = line.rfind(' ');
    if (line.starts_with("DCGM_FI_DEV_GPU_UTIL{"))
      line = line.substr(0, space + 1) + std::to_string(std::stoi(line.substr(space + 1)) + n);
    else if (line.starts_with("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{"))
      line = line.substr(0, space + 1) + std::to_string(std::stoll(line.substr(space + 1)) + int64_t(n) * 1'000'000'000);
    out += line + "\n";
  }
  return out;
}

GpuCollectorOptions gpu_test_options() {
  GpuCollectorOptions o;
  o.default_urls.clear();  // tests talk to their own server only
  o.interval_s = 0.02;
  o.probe_timeout_s = 2;
  return o;
}

TEST(GpuTelemetryCollector, ScrapesADcgmExporterAndWritesJsonl) {
  testing::GpuFixtureServer server(gpu_changing_page);
  testing::TempDir dir;
  GpuTelemetrySettings settings;
  settings.console = true;
  settings.dashboard = true;
  settings.extra_urls = {server.url()};
  const std::filesystem::path jsonl = dir.path / "gpu_telemetry_export.jsonl";
  GpuTelemetryCollector collector(settings, jsonl, ClockAnchor::now(), gpu_test_options());
  collector.start();
  const int64_t begin = mono_ns();
  while (server.requests() < 8) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const int64_t end = mono_ns();
  EXPECT_EQ(collector.dashboard_lines().size(), 9u);  // a header and 8 GPUs
  collector.set_profiling_window(begin, end);
  collector.stop();
  collector.stop();  // idempotent
  EXPECT_EQ(collector.gpu_count(), 8u);

  std::ifstream in(jsonl);
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  const int samples = server.requests();
  ASSERT_EQ(int(lines.size()), 8 * samples);
  int64_t last = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto& l = lines[i];
    EXPECT_GE(l["timestamp_ns"].get<int64_t>(), last);
    last = l["timestamp_ns"];
    EXPECT_EQ(l["dcgm_url"], server.url());
    EXPECT_EQ(l["gpu_index"], int(i % 8));
    EXPECT_DOUBLE_EQ(l["telemetry_data"]["nvidia_gpu_utilization"].get<double>(), 64 + int(i % 8) + int(i / 8));
  }
  const std::vector<std::string> keys = {"timestamp_ns", "dcgm_url", "gpu_index", "gpu_uuid", "gpu_model_name",
                                         "pci_bus_id", "device", "hostname", "telemetry_data"};
  std::vector<std::string> first_keys;
  for (const auto& [k, v] : lines[0].items()) first_keys.push_back(k);
  std::sort(first_keys.begin(), first_keys.end());
  std::vector<std::string> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(first_keys, sorted);

  const nlohmann::ordered_json data = collector.telemetry_data();
  const std::string key = server.url().substr(7, server.url().size() - 7 - 8);
  const auto& util = data["endpoints"][key]["gpus"]["gpu_0"]["metrics"]["nvidia_gpu_utilization"];
  EXPECT_GE(util["count"].get<int>(), 1);
  EXPECT_GT(data["endpoints"][key]["gpus"]["gpu_0"]["metrics"]["nvidia_energy_consumption"]["avg"].get<double>(), 0);
  EXPECT_NE(collector.console_tables(140).find("1/1 telemetry sources reachable"), std::string::npos);
}

TEST(GpuTelemetryCollector, UnchangedBodiesAreStoredOnce) {
  testing::GpuFixtureServer server([](int) { return gpu_changing_page(0); });
  testing::TempDir dir;
  GpuTelemetrySettings settings;
  settings.extra_urls = {server.url()};
  GpuTelemetryCollector collector(settings, dir.path / "g.jsonl", ClockAnchor::now(), gpu_test_options());
  collector.start();
  while (server.requests() < 5) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  collector.stop();
  std::ifstream in(dir.path / "g.jsonl");
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, 8);
  EXPECT_EQ(collector.console_tables(140), "");  // no --gpu-telemetry: no console tables
  EXPECT_TRUE(collector.dashboard_lines().empty());
}

TEST(GpuTelemetryCollector, UnreachableExplicitUrlWarnsOnceAndCollectsNothing) {
  GpuWarningCatcher warnings;
  testing::TempDir dir;
  int port = 0;
  {
    testing::GpuFixtureServer closed([](int) { return std::string(); });
    port = std::stoi(closed.url().substr(17));
  }  // the port is free again: connections are refused
  GpuTelemetrySettings settings;
  settings.console = true;
  settings.extra_urls = {"127.0.0.1:" + std::to_string(port)};
  GpuTelemetryCollector collector(settings, dir.path / "g.jsonl", ClockAnchor::now(), gpu_test_options());
  collector.start();
  collector.stop();
  EXPECT_EQ(collector.gpu_count(), 0u);
  EXPECT_TRUE(collector.telemetry_data().is_null());
  EXPECT_FALSE(std::filesystem::exists(dir.path / "g.jsonl"));
  const std::string logged = warnings.all();
  EXPECT_NE(logged.find("GPU telemetry: DCGM exporter http://127.0.0.1:" + std::to_string(port) +
                        "/metrics is unreachable"),
            std::string::npos)
      << logged;
  EXPECT_NE(collector.console_tables(140).find("No GPU telemetry data collected"), std::string::npos);
}

TEST(GpuTelemetryCollector, MissingNvmlLibraryIsAClearWarning) {
  GpuWarningCatcher warnings;
  GpuTelemetrySettings settings;
  settings.source = GpuTelemetrySource::pynvml;
  GpuCollectorOptions options = gpu_test_options();
  options.nvml_library = "libnvidia-ml-absent-for-test.so.1";
  GpuTelemetryCollector collector(settings, {}, ClockAnchor::now(), options);
  collector.start();
  collector.stop();
  EXPECT_EQ(collector.gpu_count(), 0u);
  EXPECT_TRUE(collector.telemetry_data().is_null());
  const std::string logged = warnings.all();
  EXPECT_NE(logged.find("GPU telemetry: NVML (libnvidia-ml-absent-for-test.so.1) is not available on this machine: "
                        "libnvidia-ml-absent-for-test.so.1: cannot open shared object file"),
            std::string::npos)
      << logged;
  EXPECT_EQ(collector.snapshot().sources.front().url, "pynvml://localhost");
}

TEST(GpuTelemetryCollector, DisabledDoesNothing) {
  GpuTelemetrySettings settings;
  settings.enabled = false;
  GpuTelemetryCollector collector(settings, {}, ClockAnchor::now(), gpu_test_options());
  collector.start();
  collector.stop();
  EXPECT_TRUE(collector.snapshot().sources.empty());
  EXPECT_EQ(collector.console_tables(140), "");
}

TEST(NvmlReader, OpenFailsCleanlyWithoutTheLibrary) {
  std::string error;
  EXPECT_EQ(NvmlReader::open("libnvidia-ml-absent-for-test.so.1", error), nullptr);
  EXPECT_NE(error.find("cannot open shared object file"), std::string::npos) << error;
}

}  // namespace
}  // namespace aiperf
