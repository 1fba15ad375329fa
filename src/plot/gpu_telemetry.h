// GPU telemetry as a run exports it (metrics-and-outputs.md §8.4, §8.6): the utilisation samples
// of gpu_telemetry_export.jsonl, for the utilisation-and-throughput chart, and the number of GPUs
// profile_export_aiperf.json's telemetry_data saw, for the per-GPU throughput charts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf::plot {

struct GpuUtilization {
  std::string metric{};  // "nvidia_gpu_utilization", or "amd_gfx_activity" when no NVIDIA sample exists
  struct Gpu {
    std::string name{};  // "gpu 0 (node-a)"
    std::vector<double> t_s{};      // seconds since `origin_ns`
    std::vector<double> percent{};
  };
  std::vector<Gpu> gpus{};  // in the order first seen
};

// Samples of one utilisation field per GPU (keyed by UUID, else source + index). Throws
// std::runtime_error naming the file and line for a line that is not a telemetry record.
GpuUtilization read_gpu_utilization(const std::filesystem::path& jsonl, int64_t origin_ns);

// Distinct GPUs (by UUID, else endpoint + index) in telemetry_data.endpoints.*.gpus; nullopt
// when the summary has no telemetry_data or it lists none.
std::optional<double> telemetry_gpu_count(const nlohmann::json& summary);

}  // namespace aiperf::plot
