#include "telemetry/gpu_telemetry_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "export/console_table.h"
#include "export/csv_summary.h"
#include "export/json_summary.h"
#include "export/number_format.h"

namespace aiperf {

namespace {

using ojson = nlohmann::ordered_json;

// The GPUs of `source`, by index.
std::vector<const GpuTrack*> gpus_of(const GpuTelemetrySnapshot& s, const std::string& source) {
  std::vector<const GpuTrack*> out;
  for (const GpuTrack& t : s.gpus)
    if (t.source == source) out.push_back(&t);
  std::stable_sort(out.begin(), out.end(), [](const GpuTrack* a, const GpuTrack* b) { return a->gpu.index < b->gpu.index; });
  return out;
}

std::optional<GpuMetricStats> gpu_stats(const GpuTelemetrySnapshot& s, const GpuTrack& t, size_t field) {
  return summarise_gpu_metric(t.series[field], s.fields[field].counter, s.window_start_ns, s.window_end_ns);
}

// The window's ends as wall-clock times; the first and last sample when no window was set.
std::pair<int64_t, int64_t> gpu_time_span(const GpuTelemetrySnapshot& s) {
  int64_t first = s.window_start_ns, last = s.window_end_ns;
  if (first == std::numeric_limits<int64_t>::min() || last == std::numeric_limits<int64_t>::max()) {
    first = std::numeric_limits<int64_t>::max();
    last = std::numeric_limits<int64_t>::min();
    for (const GpuTrack& t : s.gpus)
      for (const auto& series : t.series)
        if (!series.empty()) {
          first = std::min(first, series.front().mono_ns);
          last = std::max(last, series.back().mono_ns);
        }
  }
  return {s.anchor.to_wall(first), s.anchor.to_wall(last)};
}

// `{:.2e}` from |v| >= 1e6, else `{:,.2f}` (§6.3).
std::string gpu_cell(std::optional<double> v) {
  if (!v || !std::isfinite(*v)) return "N/A";
  if (std::fabs(*v) < 1e6) return format_grouped_2f(*v);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2e", *v);
  return buf;
}

std::string gpu_row_label(const GpuField& f) { return f.unit.empty() ? f.label : f.label + " (" + f.unit + ")"; }

ConsoleTable gpu_table(const GpuTelemetrySnapshot& s, const GpuTrack& t) {
  ConsoleTable table;
  table.columns.push_back({"Metric", Justify::right, "36"});
  for (const char* stat : {"avg", "min", "max", "p99", "p90", "p50", "std"})
    table.columns.push_back({stat, Justify::right, "32"});
  for (size_t f = 0; f < s.fields.size(); ++f) {
    const std::optional<GpuMetricStats> st = gpu_stats(s, t, f);
    if (!st) continue;
    if (st->counter) {
      table.rows.push_back({gpu_row_label(s.fields[f]), gpu_cell(st->avg), "N/A", "N/A", "N/A", "N/A", "N/A", "N/A"});
      continue;
    }
    const DistributionStats& d = st->gauge;
    table.rows.push_back({gpu_row_label(s.fields[f]), gpu_cell(d.avg), gpu_cell(d.min), gpu_cell(d.max),
                          gpu_cell(d.p[8]), gpu_cell(d.p[6]), gpu_cell(d.p[4]), gpu_cell(d.std)});
  }
  return table;
}

// A title line centred over `table_width` columns as render_table() centres titles.
std::string gpu_title_line(const std::string& text, const std::string& sgr, int table_width, bool color) {
  const int spare = std::max(0, table_width - display_width(text));
  return std::string(size_t(spare / 2), ' ') + styled(text, sgr, color) + std::string(size_t(spare - spare / 2), ' ') +
         "\n";
}

std::string gpu_table_name(const GpuTrack& t) {
  std::string name = gpu_endpoint_key(t.source) + " | GPU " + std::to_string(t.gpu.index);
  return t.gpu.model_name.empty() ? name : name + " | " + t.gpu.model_name;
}

}  // namespace

std::string gpu_endpoint_key(const std::string& url) {
  std::string key = url;
  for (const char* scheme : {"http://", "https://"})
    if (key.starts_with(scheme)) key.erase(0, std::char_traits<char>::length(scheme));
  if (key.ends_with("/metrics")) key.resize(key.size() - 8);
  return key;
}

ojson gpu_telemetry_json(const GpuTelemetrySnapshot& s) {
  if (s.gpus.empty()) return nullptr;
  ojson summary;
  summary["endpoints_configured"] = ojson::array();
  summary["endpoints_successful"] = ojson::array();
  for (const GpuSourceStatus& src : s.sources) {
    summary["endpoints_configured"].push_back(src.url);
    if (src.reachable) summary["endpoints_successful"].push_back(src.url);
  }
  const auto [start_wall, end_wall] = gpu_time_span(s);
  summary["start_time"] = local_iso_time(start_wall);
  summary["end_time"] = local_iso_time(end_wall);

  ojson endpoints = ojson::object();
  for (const GpuSourceStatus& src : s.sources) {
    const std::vector<const GpuTrack*> tracks = gpus_of(s, src.url);
    if (tracks.empty()) continue;
    ojson gpus = ojson::object();
    for (const GpuTrack* t : tracks) {
      ojson g;
      g["gpu_index"] = t->gpu.index;
      g["gpu_name"] = t->gpu.model_name;
      g["gpu_uuid"] = t->gpu.uuid;
      g["platform"] = s.platform;
      g["hostname"] = t->gpu.hostname;
      if (!t->gpu.k8s_namespace.empty()) g["namespace"] = t->gpu.k8s_namespace;
      if (!t->gpu.pod_name.empty()) g["pod_name"] = t->gpu.pod_name;
      ojson metrics = ojson::object();
      for (size_t f = 0; f < s.fields.size(); ++f)
        if (const std::optional<GpuMetricStats> st = gpu_stats(s, *t, f))
          metrics[s.fields[f].name] = gpu_metric_stats_json(*st, s.fields[f].unit);
      g["metrics"] = std::move(metrics);
      gpus["gpu_" + std::to_string(t->gpu.index)] = std::move(g);
    }
    endpoints[gpu_endpoint_key(src.url)] = {{"gpus", std::move(gpus)}};
  }
  return {{"summary", std::move(summary)}, {"endpoints", std::move(endpoints)}};
}

std::string gpu_telemetry_console(const GpuTelemetrySnapshot& s, int width, bool color) {
  size_t reachable = 0;
  for (const GpuSourceStatus& src : s.sources) reachable += src.reachable ? 1 : 0;

  std::vector<std::pair<const GpuTrack*, ConsoleTable>> tables;
  for (const GpuSourceStatus& src : s.sources)
    for (const GpuTrack* t : gpus_of(s, src.url))
      if (ConsoleTable table = gpu_table(s, *t); !table.rows.empty()) tables.emplace_back(t, std::move(table));

  std::string out = "\n";
  if (tables.empty()) {
    out += styled("No GPU telemetry data collected during the benchmarking run.", "2", color) + "\n";
    for (const GpuSourceStatus& src : s.sources)
      if (!src.reachable) out += styled("  • " + gpu_endpoint_key(src.url) + " ✘ (unreachable)", "2", color) + "\n";
    return out;
  }
  for (const std::string& line : wrap_text("GPU telemetry platform: " + s.platform +
                                               ". Metric semantics are platform-specific; compare values only "
                                               "between GPUs of the same platform.",
                                           width))
    out += line + "\n";
  for (size_t i = 0; i < tables.size(); ++i) {
    const std::string plain = render_table(tables[i].second, width, false);
    const int table_width = display_width(plain.substr(0, plain.find('\n')));
    out += "\n";
    if (i == 0) {
      out += gpu_title_line("AIPerf | GPU Telemetry Summary", "3", table_width, color);
      const char* sgr = reachable == s.sources.size() ? "32" : reachable == 0 ? "31" : "33";
      out += gpu_title_line(std::to_string(reachable) + "/" + std::to_string(s.sources.size()) +
                                " telemetry sources reachable",
                            sgr, table_width, color);
      for (const GpuSourceStatus& src : s.sources)
        out += gpu_title_line("• " + gpu_endpoint_key(src.url) + (src.reachable ? " ✔" : " ✘ (unreachable)"),
                              src.reachable ? "32" : "31", table_width, color);
      out += gpu_title_line("", "", table_width, color);
    }
    out += gpu_title_line(gpu_table_name(*tables[i].first), "3", table_width, color);
    out += color ? render_table(tables[i].second, width, true) : plain;
  }
  return out;
}

std::string gpu_telemetry_csv(const GpuTelemetrySnapshot& s) {
  bool hostname = false, k8s_namespace = false, pod = false;
  for (const GpuTrack& t : s.gpus) {
    hostname = hostname || !t.gpu.hostname.empty();
    k8s_namespace = k8s_namespace || !t.gpu.k8s_namespace.empty();
    pod = pod || !t.gpu.pod_name.empty();
  }
  auto real = [](std::optional<double> v) {
    if (!v || !std::isfinite(*v)) return std::string();
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f", *v);
    return std::string(buf);
  };
  std::string rows;
  for (const GpuSourceStatus& src : s.sources)
    for (const GpuTrack* t : gpus_of(s, src.url))
      for (size_t f = 0; f < s.fields.size(); ++f) {
        const std::optional<GpuMetricStats> st = gpu_stats(s, *t, f);
        if (!st) continue;
        std::vector<std::string> row = {gpu_endpoint_key(src.url), std::to_string(t->gpu.index), t->gpu.model_name,
                                        t->gpu.uuid, s.platform, gpu_row_label(s.fields[f])};
        if (st->counter) {
          row.push_back(real(st->avg));
          row.insert(row.end(), 13, "");  // min max sum p1..p99 std: a counter has its growth only
        } else {
          const DistributionStats& d = st->gauge;
          row.insert(row.end(), {real(d.avg), real(d.min), real(d.max), ""});
          for (double p : d.p) row.push_back(real(p));
          row.push_back(real(d.std));
        }
        if (hostname) row.push_back(t->gpu.hostname);
        if (k8s_namespace) row.push_back(t->gpu.k8s_namespace);
        if (pod) row.push_back(t->gpu.pod_name);
        append_csv_row(rows, row);
      }
  if (rows.empty()) return {};
  std::vector<std::string> header = {"Endpoint", "GPU_Index", "GPU_Name", "GPU_UUID", "Platform", "Metric",
                                     "avg",      "min",       "max",      "sum",      "p1",       "p5",
                                     "p10",      "p25",       "p50",      "p75",      "p90",      "p95",
                                     "p99",      "std"};
  if (hostname) header.push_back("Hostname");
  if (k8s_namespace) header.push_back("Namespace");
  if (pod) header.push_back("Pod Name");
  std::string out = "\r\n\r\n";
  append_csv_row(out, header);
  return out + rows;
}

std::vector<std::string> gpu_dashboard_lines(const GpuTelemetrySnapshot& s) {
  auto field = [&](std::string_view name) {
    for (size_t i = 0; i < s.fields.size(); ++i)
      if (s.fields[i].name == name) return i;
    return s.fields.size();
  };
  const size_t util = field("nvidia_gpu_utilization"), mem = field("nvidia_memory_used"),
               power = field("nvidia_power_usage"), temp = field("nvidia_temperature");
  bool several_sources = false;
  for (const GpuTrack& t : s.gpus) several_sources = several_sources || t.source != s.gpus.front().source;
  auto value = [](const GpuTrack& t, size_t f, const char* format) {
    if (f >= t.latest.size() || !t.latest[f]) return std::string("-");
    char buf[32];
    std::snprintf(buf, sizeof buf, format, *t.latest[f]);
    return std::string(buf);
  };
  std::vector<std::string> lines;
  if (!s.gpus.empty()) lines.push_back(std::string(several_sources ? " source " : " ") + "GPU     util     memory    power  temp");
  for (const GpuSourceStatus& src : s.sources)
    for (const GpuTrack* t : gpus_of(s, src.url)) {
      std::string line = several_sources ? " " + gpu_endpoint_key(t->source) + " " : " ";
      line += "GPU " + std::to_string(t->gpu.index) + "  " + value(*t, util, "%5.1f%%") + "  " +
              value(*t, mem, "%6.1f GB") + "  " + value(*t, power, "%5.0f W") + "  " + value(*t, temp, "%3.0f°C");
      lines.push_back(std::move(line));
    }
  return lines;
}

}  // namespace aiperf
