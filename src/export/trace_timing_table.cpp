#include "export/trace_timing_table.h"

#include <algorithm>
#include <vector>

#include "export/console_report.h"
#include "export/number_format.h"
#include "metrics/metric_catalogue.h"

namespace aiperf {
namespace {

bool is_http_trace(const MetricResult& m) {
  const std::optional<MetricId> id = metric_by_tag(m.tag);
  return id && (metric_info(*id).flags & kHttpTrace);
}

}  // namespace

ConsoleTable trace_timing_table(const RunSummary& summary) {
  ConsoleTable table;
  table.title = "NVIDIA AIPerf | HTTP Trace Timing";
  table.columns.push_back({"Metric", Justify::right, "36"});  // cyan, as the metric table
  for (const char* stat : {"avg", "min", "max", "p99", "p90", "p50", "std"})
    table.columns.push_back({stat, Justify::right, "32"});   // green

  std::vector<const MetricResult*> rows;
  for (const MetricResult& m : summary.metrics)
    if (is_http_trace(m)) rows.push_back(&m);
  std::stable_sort(rows.begin(), rows.end(), [](const MetricResult* a, const MetricResult* b) {
    return a->display_order < b->display_order;  // all fourteen have one (2000-2130)
  });
  for (const MetricResult* m : rows)
    table.rows.push_back({metric_label(*m), format_stat_cell(m->avg), format_stat_cell(m->min),
                          format_stat_cell(m->max), format_stat_cell(m->p99), format_stat_cell(m->p90),
                          format_stat_cell(m->p50), format_stat_cell(m->std)});
  return table;
}

std::string trace_timing_section(const ProfileConfig& config, const RunSummary& summary, int width, bool color) {
  if (!config.show_trace_timing) return "";
  const ConsoleTable table = trace_timing_table(summary);
  if (table.rows.empty()) return "";
  return "\n" + render_table(table, width, color);
}

}  // namespace aiperf
