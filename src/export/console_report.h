#pragma once
// The end-of-run console report (metrics-and-outputs.md §6): metric tables, warning panels,
// error summary, cancellation notice and the footer lines naming the files written.
#include <filesystem>
#include <string>
#include <vector>

#include "config/env_settings.h"
#include "export/console_table.h"
#include "export/exporter.h"

namespace aiperf {

inline constexpr int kConsoleExportWidth = int(kDefaultConsoleExportWidth);  // profile_export_console.txt width

// The rows of one console group (shown metrics only) by display_order, columns
// `Metric avg min max p99 p90 p50 std`. Title "NVIDIA AIPerf | LLM Metrics" for the default
// group, "NVIDIA AIPerf | LLM Metrics: Usage" etc. for the others.
ConsoleTable metrics_table(const ProfileConfig& config, const RunSummary& summary,
                           ConsoleGroup group = ConsoleGroup::default_group);

// One table per non-empty group, in upstream's order: Effective, Active, Usage, Cache,
// Prediction, Audio, Reasoning, then the default table.
std::vector<ConsoleTable> metrics_tables(const ProfileConfig& config, const RunSummary& summary);

// AIPERF_UI_CONSOLE_EXPORT_WIDTH, else 140: the width of profile_export_console.txt.
// Throws ConfigError naming the variable when it is not a whole number >= 1.
int console_export_width();

// "NVIDIA AIPerf | Error Summary": one row per distinct error, first-seen order.
ConsoleTable error_table(const RunSummary& summary);

// "<header> (<unit>)", or "<header>\n(<unit>)" when the header is longer than 30 characters.
std::string metric_label(const MetricResult& metric);

// The whole report as text, tables at most `width` columns wide; ANSI colour only if `color`.
std::string render_console_report(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info,
                                  const std::filesystem::path& artifact_dir, int width, bool color);

}  // namespace aiperf
