#include "telemetry/gpu_telemetry_report.h"

#include <gtest/gtest.h>

#include "export/console_table.h"
#include "gpu_telemetry_test_support.h"
#include "telemetry/dcgm_metrics.h"

namespace aiperf {
namespace {

// The 8-GPU page at t = 0, 1000, ..., with utilisation +1 and energy +1 MJ per sample; two
// sources, the second unreachable. Window [1500, 4500]: samples 2, 3, 4.
GpuTelemetrySnapshot gpu_report_snapshot() {
  GpuTelemetrySnapshot s;
  s.fields = default_gpu_fields();
  s.sources = {{"http://localhost:9400/metrics", false}, {"http://127.0.0.1:9401/metrics", true}};
  s.anchor = {1'700'000'000'000'000'000, 0};
  const std::vector<GpuReading> page =
      parse_dcgm_metrics(testing::gpu_fixture_text("dcgm_exporter_8xh100.txt"), s.fields);
  for (const GpuReading& r : page) {
    GpuTrack t{s.sources[1].url, r.gpu, std::vector<std::vector<GpuPoint>>(s.fields.size()), r.values};
    for (int n = 0; n < 6; ++n)
      for (size_t f = 0; f < s.fields.size(); ++f) {
        if (!r.values[f]) continue;
        double v = *r.values[f];
        if (s.fields[f].name == "nvidia_gpu_utilization") v += n;
        if (s.fields[f].name == "nvidia_energy_consumption") v += n;
        t.series[f].push_back({1000 * n, v});
      }
    s.gpus.push_back(std::move(t));
  }
  s.window_start_ns = 1500;
  s.window_end_ns = 4500;
  return s;
}

TEST(GpuTelemetryReport, SummaryBlockShape) {
  const nlohmann::ordered_json j = gpu_telemetry_json(gpu_report_snapshot());
  EXPECT_EQ(j["summary"]["endpoints_configured"],
            nlohmann::json({"http://localhost:9400/metrics", "http://127.0.0.1:9401/metrics"}));
  EXPECT_EQ(j["summary"]["endpoints_successful"], nlohmann::json({"http://127.0.0.1:9401/metrics"}));
  EXPECT_TRUE(j["summary"]["start_time"].is_string());
  ASSERT_EQ(j["endpoints"].size(), 1u);
  const auto& gpus = j["endpoints"]["127.0.0.1:9401"]["gpus"];
  ASSERT_EQ(gpus.size(), 8u);
  const auto& g5 = gpus["gpu_5"];
  EXPECT_EQ(g5["gpu_index"], 5);
  EXPECT_EQ(g5["gpu_name"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(g5["platform"], "nvidia");
  EXPECT_EQ(g5["hostname"], "node-a");
  EXPECT_FALSE(g5.contains("namespace"));
  const auto& util = g5["metrics"]["nvidia_gpu_utilization"];
  EXPECT_DOUBLE_EQ(util["avg"].get<double>(), 69 + 3);  // 69 + {2, 3, 4}
  EXPECT_EQ(util["count"], 3);
  EXPECT_DOUBLE_EQ(util["std"].get<double>(), 1.0);
  EXPECT_EQ(util["unit"], "%");
  const auto& energy = g5["metrics"]["nvidia_energy_consumption"];
  EXPECT_NEAR(energy["avg"].get<double>(), 3.0, 1e-9);  // sample 4 minus sample 1 (before the window)
  EXPECT_FALSE(energy.contains("min"));
  EXPECT_FALSE(g5["metrics"].contains("nvidia_jpg_utilization"));
}

TEST(GpuTelemetryReport, NothingCollectedIsNull) {
  GpuTelemetrySnapshot s;
  s.fields = default_gpu_fields();
  s.sources = {{"http://localhost:9400/metrics", false}};
  EXPECT_TRUE(gpu_telemetry_json(s).is_null());
  const std::string text = gpu_telemetry_console(s, 140, false);
  EXPECT_NE(text.find("No GPU telemetry data collected during the benchmarking run."), std::string::npos);
  EXPECT_NE(text.find("localhost:9400 ✘ (unreachable)"), std::string::npos);
}

TEST(GpuTelemetryReport, ConsoleTablesPerGpu) {
  const std::string text = gpu_telemetry_console(gpu_report_snapshot(), 140, false);
  EXPECT_NE(text.find("GPU telemetry platform: nvidia."), std::string::npos);
  EXPECT_NE(text.find("AIPerf | GPU Telemetry Summary"), std::string::npos);
  EXPECT_NE(text.find("1/2 telemetry sources reachable"), std::string::npos);
  EXPECT_NE(text.find("• localhost:9400 ✘ (unreachable)"), std::string::npos);
  EXPECT_NE(text.find("• 127.0.0.1:9401 ✔"), std::string::npos);
  for (int i = 0; i < 8; ++i)
    EXPECT_NE(text.find("127.0.0.1:9401 | GPU " + std::to_string(i) + " | NVIDIA H100 80GB HBM3"), std::string::npos);
  EXPECT_EQ(text.find("AIPerf | GPU Telemetry Summary"), text.rfind("AIPerf | GPU Telemetry Summary"));
  // Rows in §6.3's order; a counter shows its avg only.
  const size_t power = text.find("NVIDIA GPU Power Usage (W)"), energy = text.find("NVIDIA Energy Consumption (MJ)"),
               util = text.find("NVIDIA GPU Utilization (%)"), xid = text.find("NVIDIA XID Errors (count)");
  ASSERT_NE(power, std::string::npos);
  EXPECT_LT(power, energy);
  EXPECT_LT(energy, util);
  EXPECT_LT(util, xid);
  const std::string energy_row = text.substr(energy, text.find('\n', energy) - energy);
  EXPECT_NE(energy_row.find("3.00"), std::string::npos) << energy_row;
  EXPECT_NE(energy_row.find("N/A"), std::string::npos) << energy_row;
  for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
    EXPECT_LE(display_width(text.substr(at, end - at)), 140);
}

TEST(GpuTelemetryReport, DashboardLinesFromLatestValues) {
  const std::vector<std::string> lines = gpu_dashboard_lines(gpu_report_snapshot());
  ASSERT_EQ(lines.size(), 9u);  // a header, then one line per GPU
  EXPECT_EQ(lines[0], " GPU     util     memory    power  temp");
  EXPECT_EQ(lines[1], " GPU 0   64.0%    75.5 GB    351 W   40°C");
}

TEST(GpuTelemetryReport, EndpointKey) {
  EXPECT_EQ(gpu_endpoint_key("http://localhost:9401/metrics"), "localhost:9401");
  EXPECT_EQ(gpu_endpoint_key("https://node:1/dcgm/metrics"), "node:1/dcgm");
  EXPECT_EQ(gpu_endpoint_key("pynvml://localhost"), "pynvml://localhost");
}

}  // namespace
}  // namespace aiperf
