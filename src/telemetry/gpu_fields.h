#pragma once
// The GPU metrics telemetry keeps (metrics-and-outputs.md §8.2): schema-1.5 names, the DCGM
// field each is read from, its unit and scaling, and whether it is a gauge or a counter. A
// dcgm-exporter field CSV (--gpu-telemetry <file>.csv) extends the default table.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct GpuField {
  std::string name;       // "nvidia_power_usage": the key in every GPU export
  std::string label;      // console row without its unit: "NVIDIA GPU Power Usage"
  std::string unit;       // "W"
  std::string dcgm_name;  // "DCGM_FI_DEV_POWER_USAGE"; empty: only NVML reports it
  double scale = 1;       // DCGM value × scale = value in `unit`
  bool counter = false;   // cumulative: summarised as its growth over the window (§8.3)
};

// The default set in console row order (§6.3).
const std::vector<GpuField>& default_gpu_fields();

// Fields of a dcgm-exporter CSV (`FIELD, type, help` lines, '#' comments): gauges and counters
// become `nvidia_<name without DCGM_FI_DEV_ / DCGM_FI_, lower case>`, label and unit taken from
// the help text ("SM clock frequency (in MHz)." → "SM Clock Frequency", "MHz"); "label" rows
// (dcgm-exporter's label columns) are skipped. Throws std::invalid_argument "<source>:<line>: ...".
std::vector<GpuField> parse_gpu_field_csv(std::string_view text, const std::string& source);
// The same, read from `path` (also std::invalid_argument when it cannot be read).
std::vector<GpuField> load_gpu_field_csv(const std::filesystem::path& path);

// The defaults, then each custom field whose DCGM name is not there yet.
std::vector<GpuField> gpu_fields_with(const std::vector<GpuField>& custom);

}  // namespace aiperf
