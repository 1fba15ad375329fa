#include "export/console_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "config/env_settings.h"
#include "export/artifact_layout.h"
#include "export/number_format.h"
#include "export/outputs_json.h"
#include "export/steady_state_export.h"
#include "export/trace_timing_table.h"
#include "export/warning_panels.h"

namespace aiperf {
namespace fs = std::filesystem;
namespace {

constexpr size_t kLabelWrapLength = 30;  // upstream moves the unit to its own line past this
constexpr const char* kCyan = "36";
constexpr const char* kGreen = "32";
constexpr const char* kRed = "31";

// Upstream's print order; `none` is never drawn.
constexpr ConsoleGroup kGroupOrder[] = {ConsoleGroup::effective,  ConsoleGroup::active, ConsoleGroup::usage,
                                        ConsoleGroup::cache,      ConsoleGroup::prediction,
                                        ConsoleGroup::audio,      ConsoleGroup::reasoning,
                                        ConsoleGroup::default_group};

// The title suffix: the group's name in title case; the default table has none.
const char* group_title(ConsoleGroup group) {
  switch (group) {
    case ConsoleGroup::effective: return ": Effective";
    case ConsoleGroup::active: return ": Active";
    case ConsoleGroup::usage: return ": Usage";
    case ConsoleGroup::cache: return ": Cache";
    case ConsoleGroup::prediction: return ": Prediction";
    case ConsoleGroup::audio: return ": Audio";
    case ConsoleGroup::reasoning: return ": Reasoning";
    case ConsoleGroup::spec_decode: return ": Speculative Decoding";
    case ConsoleGroup::default_group:
    case ConsoleGroup::none: return "";
  }
  return "";
}

const char* metrics_title(EndpointType type) {
  switch (endpoint_info(type).family) {
    case EndpointFamily::embeddings: return "Embeddings Metrics";
    case EndpointFamily::rankings: return "Rankings Metrics";
    case EndpointFamily::llm:
    case EndpointFamily::other: return "LLM Metrics";
  }
  return "LLM Metrics";
}

std::string absolute_path(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

std::string fixed_2f(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

double benchmark_seconds(const RunSummary& summary, const RunInfo& info) {
  if (const MetricResult* m = summary.find("benchmark_duration"); m && std::isfinite(m->avg)) return m->avg;
  return double(info.end_wall_ns - info.start_wall_ns) / 1e9;
}

std::vector<std::string> footer_lines(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info,
                                      const fs::path& dir) {
  std::vector<std::string> lines;
  lines.push_back("CLI Command: " + config.cli_command);
  lines.push_back("Benchmark Duration: " + fixed_2f(benchmark_seconds(summary, info)) + " sec" +
                  (info.was_cancelled ? " (cancelled early)" : ""));
  const ArtifactNames names = artifact_names(config);
  lines.push_back("CSV Export: " + absolute_path(dir / names.summary_csv));
  lines.push_back("JSON Export: " + absolute_path(dir / names.summary_json));
  std::error_code ec;
  if (config.slice_duration && fs::exists(dir / names.timeslices_json, ec)) {
    lines.push_back("Timeslice JSON Export: " + absolute_path(dir / names.timeslices_json));
    lines.push_back("Timeslice CSV Export: " + absolute_path(dir / names.timeslices_csv));
  }
  if (summary.steady_state && fs::exists(dir / names.steady_state_json, ec)) {
    lines.push_back("Steady-State CSV Export: " + absolute_path(dir / names.steady_state_csv));
    lines.push_back("Steady-State JSON Export: " + absolute_path(dir / names.steady_state_json));
  }
  if (config.export_level != ExportLevel::summary)
    lines.push_back("Records Export: " + absolute_path(dir / names.records));
  if (config.export_level == ExportLevel::raw && fs::exists(dir / names.raw_records, ec))
    lines.push_back("Raw Records: " + absolute_path(dir / names.raw_records));
  if (config.export_outputs_json && fs::exists(dir / kOutputsJsonFile, ec))
    lines.push_back(std::string("Outputs JSON Export: ") + absolute_path(dir / kOutputsJsonFile));
  for (const auto& [label, path] : info.telemetry_files) lines.push_back(label + ": " + absolute_path(path));
  if (fs::exists(dir / kLogFile, ec)) lines.push_back(std::string("Log File: ") + absolute_path(dir / kLogFile));
  return lines;
}

}  // namespace

std::string metric_label(const MetricResult& m) {
  if (m.unit.empty()) return m.header;
  return m.header + (m.header.size() > kLabelWrapLength ? "\n(" : " (") + m.unit + ")";
}

ConsoleTable metrics_table(const ProfileConfig& config, const RunSummary& summary, ConsoleGroup group) {
  ConsoleTable table;
  table.title = std::string("NVIDIA AIPerf | ") + metrics_title(config.endpoint_type) + group_title(group);
  table.columns.push_back({"Metric", Justify::right, kCyan});
  for (const char* stat : {"avg", "min", "max", "p99", "p90", "p50", "std"})
    table.columns.push_back({stat, Justify::right, kGreen});

  std::vector<const MetricResult*> shown;
  for (const auto& m : summary.metrics)
    if (m.console && m.console_group == group && group != ConsoleGroup::none) shown.push_back(&m);
  // Rows without a display order keep their processing order after the ordered ones.
  std::stable_sort(shown.begin(), shown.end(), [](const MetricResult* a, const MetricResult* b) {
    bool a_last = a->display_order < 0, b_last = b->display_order < 0;
    if (a_last != b_last) return b_last;
    return !a_last && a->display_order < b->display_order;
  });
  for (const MetricResult* m : shown) {
    auto stat = [&](const std::optional<double>& v) { return format_stat_cell(m->distribution ? v : std::nullopt); };
    table.rows.push_back({metric_label(*m), format_stat_cell(m->avg), stat(m->min), stat(m->max), stat(m->p99),
                          stat(m->p90), stat(m->p50), stat(m->std)});
  }
  return table;
}

std::vector<ConsoleTable> metrics_tables(const ProfileConfig& config, const RunSummary& summary) {
  std::vector<ConsoleTable> tables;
  for (ConsoleGroup group : kGroupOrder)
    if (ConsoleTable t = metrics_table(config, summary, group); !t.rows.empty()) tables.push_back(std::move(t));
  return tables;
}

int console_export_width() {
  return int(env_settings().ui_console_export_width);
}

ConsoleTable error_table(const RunSummary& summary) {
  ConsoleTable table;
  table.title = "NVIDIA AIPerf | Error Summary";
  table.columns = {{"Code", Justify::right, kRed},
                   {"Type", Justify::left, kRed},
                   {"Message", Justify::left, ""},
                   {"Count", Justify::right, kRed}};
  for (const auto& e : summary.errors)
    table.rows.push_back({e.error.code ? std::to_string(*e.error.code) : "N/A",
                          e.error.type.empty() ? "N/A" : e.error.type, e.error.message,
                          format_grouped_int(e.count)});
  return table;
}

std::string render_console_report(const ProfileConfig& config, const RunSummary& summary, const RunInfo& info,
                                  const fs::path& artifact_dir, int width, bool color) {
  std::string out;
  for (const ConsoleTable& table : metrics_tables(config, summary)) out += "\n" + render_table(table, width, color);
  out += trace_timing_section(config, summary, width, color);
  // §6.1 item 2: an optional table after the metric tables, like the trace timing one.
  if (ConsoleTable t = metrics_table(config, summary, ConsoleGroup::spec_decode); !t.rows.empty())
    out += "\n" + render_table(t, width, color);
  // §6.3: the steady-state window and its metrics follow the run's tables.
  if (summary.steady_state) out += steady_state_console(config, *summary.steady_state, width, color);
  for (const ConsolePanel& panel : warning_panels(config, summary)) out += "\n" + render_panel(panel, width, color);
  if (!summary.errors.empty()) out += "\n" + render_table(error_table(summary), width, color);
  out += info.telemetry_console;  // §6.1 item 5: after the error summary
  out += "\n";
  if (info.was_cancelled) {
    out += "Benchmark was cancelled early: results are partial";
    if (!info.incomplete_reason.empty()) out += " (" + info.incomplete_reason + ")";
    out += ".\n";
  }
  if (info.arrivals_skipped_at_cap)
    out += "Note: " + std::to_string(info.arrivals_skipped_at_cap) +
           " scheduled arrivals were skipped because all --concurrency slots were busy.\n";
  if (info.arrivals_skipped_at_prefill_cap)
    out += "Note: " + std::to_string(info.arrivals_skipped_at_prefill_cap) +
           " scheduled arrivals were skipped because all --prefill-concurrency slots were busy.\n";
  if (info.arrivals_dropped_catching_up)
    out += "Warning: " + std::to_string(info.arrivals_dropped_catching_up) +
           " scheduled arrivals were dropped: the client fell more than AIPERF_TIMING_MAX_CATCHUP_SECONDS behind "
           "its schedule.\n";
  if (info.client_health && info.client_health->client_bound) {
    out += "Warning: the client was the bottleneck (client_bound): its measurements include its own delays.\n";
    for (const std::string& reason : info.client_health->reasons) out += "  - " + reason + "\n";
  }
  for (const auto& line : footer_lines(config, summary, info, artifact_dir)) out += line + "\n";
  return out;
}

}  // namespace aiperf
