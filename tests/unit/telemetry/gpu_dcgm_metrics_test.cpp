#include "telemetry/dcgm_metrics.h"

#include <gtest/gtest.h>

#include "gpu_telemetry_test_support.h"

namespace aiperf {
namespace {

size_t gpu_field_at(const std::vector<GpuField>& fields, const std::string& name) {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == name) return i;
  return fields.size();
}

TEST(DcgmMetrics, RecordedExporterPageGivesEightGpus) {
  const std::vector<GpuField>& fields = default_gpu_fields();
  const std::vector<GpuReading> gpus =
      parse_dcgm_metrics(testing::gpu_fixture_text("dcgm_exporter_8xh100.txt"), fields);
  ASSERT_EQ(gpus.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(gpus[size_t(i)].gpu.index, i);

  const GpuReading& g3 = gpus[3];
  EXPECT_EQ(g3.gpu.uuid, "GPU-0a1b2c3d-0003-1111-2222-333344445558");
  EXPECT_EQ(g3.gpu.model_name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(g3.gpu.pci_bus_id, "00000000:5D:00.0");
  EXPECT_EQ(g3.gpu.device, "nvidia3");
  EXPECT_EQ(g3.gpu.hostname, "node-a");
  EXPECT_EQ(g3.gpu.k8s_namespace, "");

  auto value = [&](const std::string& name) { return g3.values[gpu_field_at(fields, name)]; };
  EXPECT_DOUBLE_EQ(*value("nvidia_power_usage"), 381.215);
  EXPECT_DOUBLE_EQ(*value("nvidia_energy_consumption"), 1933000000 * 1e-9);  // mJ -> MJ
  EXPECT_DOUBLE_EQ(*value("nvidia_gpu_utilization"), 67);
  EXPECT_DOUBLE_EQ(*value("nvidia_memory_utilization"), 30);
  EXPECT_DOUBLE_EQ(*value("nvidia_memory_used"), 72300 * 1.048576e-3);  // MiB -> GB
  EXPECT_DOUBLE_EQ(*value("nvidia_temperature"), 43);
  EXPECT_DOUBLE_EQ(*value("nvidia_sm_utilization"), 0.611 * 100);  // ratio -> %
  EXPECT_DOUBLE_EQ(*value("nvidia_xid_errors"), 0);
  EXPECT_DOUBLE_EQ(*value("nvidia_power_violation"), 4500 * 1e-3);
  EXPECT_DOUBLE_EQ(*value("nvidia_encoder_utilization"), 0);
  EXPECT_FALSE(value("nvidia_jpg_utilization"));  // NVML only
}

TEST(DcgmMetrics, KubernetesLabelsAndMissingUuid) {
  const std::string body =
      "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
      "DCGM_FI_DEV_GPU_UTIL{gpu=\"1\",device=\"nvidia1\",Hostname=\"n\",namespace=\"llm\",pod=\"vllm-0\"} 12\n"
      "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",device=\"nvidia0\",Hostname=\"n\"} 7\n"
      "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\"} NaN\n"
      "some_other_metric 3\n";
  const std::vector<GpuReading> gpus = parse_dcgm_metrics(body, default_gpu_fields());
  ASSERT_EQ(gpus.size(), 2u);
  EXPECT_EQ(gpus[0].gpu.index, 0);
  EXPECT_EQ(gpus[1].gpu.k8s_namespace, "llm");
  EXPECT_EQ(gpus[1].gpu.pod_name, "vllm-0");
  EXPECT_DOUBLE_EQ(*gpus[1].values[2], 12);
  EXPECT_FALSE(gpus[1].values[4]);  // NaN temperature: not reported
}

TEST(DcgmMetrics, CustomFieldsAreReadToo) {
  const std::vector<GpuField> fields = gpu_fields_with(
      parse_gpu_field_csv("DCGM_FI_DEV_SM_CLOCK, gauge, SM clock frequency (in MHz).\n"
                          "DCGM_FI_DEV_FB_FREE, gauge, Framebuffer memory free (in MiB).\n",
                          "x.csv"));
  const std::vector<GpuReading> gpus =
      parse_dcgm_metrics(testing::gpu_fixture_text("dcgm_exporter_8xh100.txt"), fields);
  ASSERT_EQ(gpus.size(), 8u);
  EXPECT_DOUBLE_EQ(*gpus[2].values[gpu_field_at(fields, "nvidia_sm_clock")], 1980);
  EXPECT_DOUBLE_EQ(*gpus[2].values[gpu_field_at(fields, "nvidia_fb_free")], (81559 - 72200) * 1.048576);
}

}  // namespace
}  // namespace aiperf
