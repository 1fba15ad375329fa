#pragma once
// profile_export_aiperf.json (metrics-and-outputs.md §7.3, schema_version "1.5").
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "export/exporter.h"

namespace aiperf {

inline constexpr const char* kSummarySchemaVersion = "1.5";

// The whole summary document, keys in upstream's order.
nlohmann::ordered_json summary_json(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info);

// One metric object: `unit avg p1 … p99 min max std count sum` for distributions, `unit avg` otherwise.
nlohmann::ordered_json metric_json(const MetricResult& metric);

// Python's datetime.fromtimestamp(ns / 1e9).isoformat(): local time, no zone, microseconds
// (omitted when zero, as Python does).
std::string local_iso_time(int64_t wall_ns);

// Pretty JSON with 2-space indent and no final newline (as json.dumps writes it); invalid UTF-8 (server error bodies) becomes U+FFFD
// instead of aborting the export.
std::string dump_pretty(const nlohmann::ordered_json& doc);

}  // namespace aiperf
