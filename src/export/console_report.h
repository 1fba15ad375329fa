#pragma once
// The end-of-run console report (metrics-and-outputs.md §6): metric table, error summary,
// cancellation notice and the footer lines naming the files written.
#include <filesystem>
#include <string>

#include "export/console_table.h"
#include "export/exporter.h"

namespace aiperf {

inline constexpr int kConsoleExportWidth = 140;  // profile_export_console.txt is rendered this wide

// "NVIDIA AIPerf | LLM Metrics": console rows (MetricResult::console) by display_order,
// columns `Metric avg min max p99 p90 p50 std`.
ConsoleTable metrics_table(const ProfileConfig& config, const RunSummary& summary);

// "NVIDIA AIPerf | Error Summary": one row per distinct error, first-seen order.
ConsoleTable error_table(const RunSummary& summary);

// "<header> (<unit>)", or "<header>\n(<unit>)" when the header is longer than 30 characters.
std::string metric_label(const MetricResult& metric);

// The whole report as text, tables at most `width` columns wide; ANSI colour only if `color`.
std::string render_console_report(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info,
                                  const std::filesystem::path& artifact_dir, int width, bool color);

}  // namespace aiperf
