#include "telemetry/dcgm_metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

#include "telemetry/prometheus_text.h"

namespace aiperf {

namespace {

std::string dcgm_label(const PromLabels& labels, std::string_view name) {
  const std::string* v = find_label(labels, name);
  return v ? *v : std::string();
}

GpuIdentity dcgm_identity(const PromLabels& labels) {
  GpuIdentity id;
  const std::string index = dcgm_label(labels, "gpu");
  std::from_chars(index.data(), index.data() + index.size(), id.index);
  id.uuid = dcgm_label(labels, "UUID");
  id.model_name = dcgm_label(labels, "modelName");
  id.pci_bus_id = dcgm_label(labels, "pci_bus_id");
  id.device = dcgm_label(labels, "device");
  id.hostname = dcgm_label(labels, "Hostname");
  id.k8s_namespace = dcgm_label(labels, "namespace");
  id.pod_name = dcgm_label(labels, "pod");
  return id;
}

}  // namespace

std::vector<GpuReading> parse_dcgm_metrics(std::string_view body, const std::vector<GpuField>& fields) {
  std::unordered_map<std::string_view, size_t> field_of;
  for (size_t i = 0; i < fields.size(); ++i)
    if (!fields[i].dcgm_name.empty()) field_of.emplace(fields[i].dcgm_name, i);

  std::vector<GpuReading> gpus;
  std::unordered_map<std::string, size_t> gpu_of;  // UUID (or "#<gpu>") -> index in gpus
  const PromParseResult parsed = parse_prometheus_text(body);
  for (const PromFamily& family : parsed.families) {
    const auto field = field_of.find(family.name);
    if (field == field_of.end()) continue;
    for (const PromSample& sample : family.samples) {
      if (!sample.suffix.empty() || !std::isfinite(sample.value)) continue;
      const std::string* uuid = find_label(sample.labels, "UUID");
      const std::string* index = find_label(sample.labels, "gpu");
      if (!uuid && !index) continue;  // not a per-GPU series
      const std::string key = uuid ? *uuid : "#" + *index;
      auto [it, added] = gpu_of.emplace(key, gpus.size());
      if (added) gpus.push_back({dcgm_identity(sample.labels), std::vector<std::optional<double>>(fields.size())});
      std::optional<double>& slot = gpus[it->second].values[field->second];
      if (!slot) slot = sample.value * fields[field->second].scale;
    }
  }
  std::stable_sort(gpus.begin(), gpus.end(),
                   [](const GpuReading& a, const GpuReading& b) { return a.gpu.index < b.gpu.index; });
  return gpus;
}

}  // namespace aiperf
