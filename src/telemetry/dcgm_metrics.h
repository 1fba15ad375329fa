#pragma once
// A DCGM exporter's /metrics body (Prometheus text) turned into one GpuReading per GPU.
#include <string_view>
#include <vector>

#include "telemetry/gpu_fields.h"
#include "telemetry/gpu_reading.h"

namespace aiperf {

// GPUs are told apart by their UUID label (else by gpu) and come out in index order. Series of
// families not in `fields`, non-finite values and later duplicates of a GPU's field (MIG
// instances repeat the parent's UUID) are ignored.
std::vector<GpuReading> parse_dcgm_metrics(std::string_view body, const std::vector<GpuField>& fields);

}  // namespace aiperf
