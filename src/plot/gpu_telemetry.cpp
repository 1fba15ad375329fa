#include "plot/gpu_telemetry.h"

#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include "plot/request_table.h"

namespace aiperf::plot {
namespace {

std::string text(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

}  // namespace

GpuUtilization read_gpu_utilization(const std::filesystem::path& jsonl, int64_t origin_ns) {
  std::ifstream in(jsonl);
  if (!in) throw std::runtime_error(jsonl.string() + ": cannot be read");
  // Both fields are collected; NVIDIA's wins when any NVIDIA sample exists (upstream's fallback).
  std::map<std::string, GpuUtilization> by_metric;
  std::map<std::string, std::map<std::string, std::size_t>> index;  // metric -> gpu key -> position
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json r;
    try {
      r = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(jsonl.string() + ":" + std::to_string(number) + ": not JSON (" + e.what() + ")");
    }
    if (!r.is_object() || !r.contains("telemetry_data") || !r["telemetry_data"].is_object() || !r.contains("timestamp_ns") ||
        !r["timestamp_ns"].is_number_integer())
      throw std::runtime_error(jsonl.string() + ":" + std::to_string(number) +
                               ": not a GPU telemetry record (timestamp_ns and telemetry_data are required)");
    const double t = seconds_since(r["timestamp_ns"].get<int64_t>(), origin_ns);
    const std::string uuid = text(r, "gpu_uuid");
    const std::string source = r.contains("dcgm_url") ? text(r, "dcgm_url") : text(r, "telemetry_source_url");
    const std::string key = uuid.empty() ? source + "#" + text(r, "gpu_index") : uuid;
    for (const char* metric : {"nvidia_gpu_utilization", "amd_gfx_activity"}) {
      auto v = r["telemetry_data"].find(metric);
      if (v == r["telemetry_data"].end() || !v->is_number()) continue;
      GpuUtilization& u = by_metric[metric];
      u.metric = metric;
      auto [pos, added] = index[metric].try_emplace(key, u.gpus.size());
      if (added) {
        const std::string host = text(r, "hostname");
        u.gpus.push_back({.name = "gpu " + text(r, "gpu_index") + (host.empty() ? "" : " (" + host + ")")});
      }
      u.gpus[pos->second].t_s.push_back(t);
      u.gpus[pos->second].percent.push_back(v->get<double>());
    }
  }
  if (by_metric.count("nvidia_gpu_utilization")) return by_metric["nvidia_gpu_utilization"];
  if (by_metric.count("amd_gfx_activity")) return by_metric["amd_gfx_activity"];
  return {};
}

std::optional<double> telemetry_gpu_count(const nlohmann::json& summary) {
  if (!summary.is_object()) return std::nullopt;
  auto td = summary.find("telemetry_data");
  if (td == summary.end() || !td->is_object() || !td->contains("endpoints") || !(*td)["endpoints"].is_object())
    return std::nullopt;
  std::set<std::string> gpus;
  for (const auto& [endpoint, e] : (*td)["endpoints"].items()) {
    if (!e.is_object() || !e.contains("gpus") || !e["gpus"].is_object()) continue;
    for (const auto& [key, g] : e["gpus"].items()) {
      const std::string uuid = g.is_object() ? text(g, "gpu_uuid") : "";
      gpus.insert(uuid.empty() ? endpoint + "#" + key : uuid);
    }
  }
  if (gpus.empty()) return std::nullopt;
  return double(gpus.size());
}

}  // namespace aiperf::plot
