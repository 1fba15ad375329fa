#pragma once
// One GPU's values at one moment, as a DCGM exporter or NVML reports them: who the GPU is
// (the §8.4 identity fields) and one value per GpuField, already in the field's unit.
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

struct GpuIdentity {
  int index = 0;                 // DCGM label gpu
  std::string uuid;              // UUID
  std::string model_name;        // modelName
  std::string pci_bus_id;        // pci_bus_id
  std::string device;            // device ("nvidia0")
  std::string hostname;          // Hostname
  std::string k8s_namespace;     // namespace (Kubernetes; empty elsewhere)
  std::string pod_name;          // pod
};

struct GpuReading {
  GpuIdentity gpu;
  std::vector<std::optional<double>> values;  // values[i] belongs to fields[i]; nullopt: not reported
};

}  // namespace aiperf
