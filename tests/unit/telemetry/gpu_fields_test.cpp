#include "telemetry/gpu_fields.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "gpu_telemetry_test_support.h"
#include "telemetry/dcgm_url.h"

namespace aiperf {
namespace {

TEST(GpuFields, DefaultsAreSchema15NamesInConsoleOrder) {
  std::vector<std::string> names;
  for (const GpuField& f : default_gpu_fields()) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{
                       "nvidia_power_usage", "nvidia_energy_consumption", "nvidia_gpu_utilization",
                       "nvidia_memory_used", "nvidia_temperature", "nvidia_memory_utilization",
                       "nvidia_sm_utilization", "nvidia_decoder_utilization", "nvidia_encoder_utilization",
                       "nvidia_jpg_utilization", "nvidia_xid_errors", "nvidia_power_violation"}));
  const GpuField& energy = default_gpu_fields()[1];
  EXPECT_TRUE(energy.counter);
  EXPECT_EQ(energy.unit, "MJ");
  EXPECT_DOUBLE_EQ(energy.scale, 1e-9);
  EXPECT_EQ(default_gpu_fields()[0].label, "NVIDIA GPU Power Usage");
}

TEST(GpuFields, CustomCsvExtendsTheDefaults) {
  const std::vector<GpuField> custom =
      load_gpu_field_csv((std::filesystem::path(AIPERF_TEST_FIXTURES_DIR) / "telemetry" / "dcgm_custom_fields.csv").string());
  ASSERT_EQ(custom.size(), 7u);  // the label row is skipped
  EXPECT_EQ(custom[0].name, "nvidia_sm_clock");
  EXPECT_EQ(custom[0].label, "SM Clock Frequency");
  EXPECT_EQ(custom[0].unit, "MHz");
  EXPECT_FALSE(custom[0].counter);
  EXPECT_EQ(custom[2].name, "nvidia_fb_free");
  EXPECT_EQ(custom[2].label, "Framebuffer Memory Free");
  EXPECT_EQ(custom[2].unit, "MB");
  EXPECT_DOUBLE_EQ(custom[2].scale, 1.048576);
  EXPECT_EQ(custom[3].name, "nvidia_memory_temp");
  EXPECT_EQ(custom[3].unit, "°C");
  EXPECT_EQ(custom[5].name, "nvidia_prof_pipe_tensor_active");  // only DCGM_FI_ is cut
  EXPECT_EQ(custom[5].unit, "");
  EXPECT_TRUE(custom[6].counter);

  const std::vector<GpuField> all = gpu_fields_with(custom);
  ASSERT_EQ(all.size(), default_gpu_fields().size() + 6);  // GPU_UTIL is already there
  EXPECT_EQ(all[12].name, "nvidia_sm_clock");
  EXPECT_EQ(all.back().name, "nvidia_pcie_replay_counter");
}

TEST(GpuFields, BadCsvRowsNameFileAndLine) {
  try {
    parse_gpu_field_csv("# fields\nDCGM_FI_DEV_SM_CLOCK, gauge, ok\nDCGM_FI_DEV_X, histogram, no\n", "f.csv");
    FAIL() << "accepted a histogram";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "f.csv:3: type 'histogram': expected gauge, counter or label");
  }
  EXPECT_THROW(parse_gpu_field_csv("SM_CLOCK, gauge, x\n", "f.csv"), std::invalid_argument);
  EXPECT_THROW(parse_gpu_field_csv("DCGM_FI_DEV_SM_CLOCK gauge\n", "f.csv"), std::invalid_argument);
  EXPECT_THROW(load_gpu_field_csv("/nonexistent/fields.csv"), std::invalid_argument);
}

TEST(GpuTelemetryTokens, NormalisesDcgmUrls) {
  EXPECT_EQ(normalize_dcgm_url("node1:9400"), "http://node1:9400/metrics");
  EXPECT_EQ(normalize_dcgm_url("http://node1:9400/"), "http://node1:9400/metrics");
  EXPECT_EQ(normalize_dcgm_url("https://node1:9400/metrics"), "https://node1:9400/metrics");
  EXPECT_EQ(normalize_dcgm_url("node1:9400/dcgm"), "http://node1:9400/dcgm");
}

}  // namespace
}  // namespace aiperf
