#include "plot/plot_job.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include "plot/chart_json.h"
#include "plot/chart_png.h"
#include "plot/gpu_telemetry.h"
#include "plot/html_report.h"
#include "plot/multi_run_charts.h"
#include "plot/run_artifacts.h"
#include "plot/run_discovery.h"
#include "plot/single_run_charts.h"

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;

std::string model_of(const nlohmann::json& summary) {
  const nlohmann::json* names = nullptr;
  if (summary.is_object() && summary.contains("input_config")) {
    const nlohmann::json& ic = summary["input_config"];
    if (ic.contains("endpoint") && ic["endpoint"].contains("model_names")) names = &ic["endpoint"]["model_names"];
  }
  if (!names || !names->is_array() || names->empty() || !(*names)[0].is_string()) return "";
  return (*names)[0].get<std::string>();
}

// A sweep cell's name without its concurrency: "isl_128__concurrency_8" -> "isl_128".
std::string without_concurrency(const std::string& variation) {
  std::string out;
  std::size_t begin = 0;
  while (begin <= variation.size()) {
    std::size_t end = variation.find("__", begin);
    if (end == std::string::npos) end = variation.size();
    std::string part = variation.substr(begin, end - begin);
    const std::size_t slash = part.rfind('/');
    const std::string leaf = slash == std::string::npos ? part : part.substr(slash + 1);
    if (leaf.rfind("concurrency_", 0) != 0 && !part.empty()) out += (out.empty() ? "" : "__") + part;
    begin = end + 2;
  }
  return out;
}

std::string series_of(const std::string& group_by, const DiscoveredRun& run, const nlohmann::json& summary,
                      bool several_roots) {
  if (group_by == "run_name") return run.variation;
  if (group_by == "model") return model_of(summary).empty() ? run.root : model_of(summary);
  if (group_by == "experiment_group") return run.root;
  // auto: a sweep's cells by their other parameters; runs that are not sweep cells (named
  // directories under ./artifacts, say) by PATH argument when several, else by model.
  const std::string by_model = model_of(summary).empty() ? run.root : model_of(summary);
  const std::string rest = without_concurrency(run.variation);
  if (rest == run.variation || rest.empty()) return several_roots ? run.root : by_model;
  return several_roots ? run.root + ": " + rest : rest;
}

std::optional<double> slo(const nlohmann::json& summary, const char* tag) {
  try {
    const nlohmann::json& g = summary.at("input_config").at("input").at("goodput");
    if (g.contains(tag) && g[tag].is_number()) return g[tag].get<double>();
  } catch (const nlohmann::json::exception&) {
  }
  return std::nullopt;
}

ReportRun report_run(const std::string& name, const RunArtifacts& run) {
  ReportRun r;
  r.name = name;
  r.requests = run.requests ? &*run.requests : nullptr;
  r.benchmark_duration_s = summary_stat(run.summary, "benchmark_duration", "avg");
  r.request_throughput = summary_stat(run.summary, "request_throughput", "avg");
  r.goodput = summary_stat(run.summary, "goodput", "avg");
  r.slo_ttft_ms = slo(run.summary, "time_to_first_token");
  r.slo_itl_ms = slo(run.summary, "inter_token_latency");
  r.summary = run.summary;
  return r;
}

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  if (!out || !(out << text)) throw std::runtime_error(file.string() + ": cannot be written");
}

}  // namespace

PlotResult make_plots(const PlotRequest& request) {
  if (request.paths.empty()) throw std::runtime_error("no path to plot");
  const DiscoveredRuns found = discover_runs(request.paths);
  PlotResult result;
  result.single = found.single;
  result.runs = found.runs.size();
  result.output = request.output.empty() ? request.paths.front() / "plots" : request.output;
  const Theme& theme = theme_named(request.theme);

  std::vector<RunArtifacts> runs;  // the runs whose requests the report shows (one per cell)
  std::vector<Chart> charts;
  std::vector<std::string> run_names;
  if (found.single) {
    runs.push_back(read_run(found.runs.front().dir, true));
    run_names.push_back(runs.front().name);
    charts = single_run_charts(runs.front());
  } else {
    // Trials of one cell fold into one point; cells keep the order they were found in. When
    // every run is a trial of one configuration (a multi-run without a sweep), folding would
    // leave one point: then each trial is a point of its own, named by its directory.
    std::map<std::string, std::vector<std::size_t>> cells;
    std::vector<std::string> cell_order;
    std::vector<DiscoveredRun> found_runs = found.runs;
    auto group = [&] {
      cells.clear(), cell_order.clear();
      for (std::size_t i = 0; i < found_runs.size(); ++i) {
        const std::string key = found_runs[i].root + "\n" + found_runs[i].variation;
        if (!cells.count(key)) cell_order.push_back(key);
        cells[key].push_back(i);
      }
    };
    group();
    if (cell_order.size() == 1 && found_runs.size() > 1) {
      for (DiscoveredRun& r : found_runs) r.variation = r.dir.filename().string();
      group();
    }
    std::set<std::string> roots;
    for (const DiscoveredRun& r : found_runs) roots.insert(r.root);
    std::vector<RunPoint> points;
    for (const std::string& key : cell_order) {
      std::vector<nlohmann::json> summaries;
      for (std::size_t i : cells[key]) {
        RunArtifacts a = read_run(found_runs[i].dir, i == cells[key].front());
        if (!a.summary.is_null()) summaries.push_back(a.summary);
        if (i == cells[key].front()) runs.push_back(std::move(a));
      }
      const DiscoveredRun& first = found_runs[cells[key].front()];
      const std::string name = roots.size() > 1 ? first.root + "/" + first.variation : first.variation;
      run_names.push_back(name);
      if (summaries.empty()) continue;  // records only: the report still shows its requests
      RunPoint p{.name = name, .summary = mean_summary(summaries), .trials = summaries.size()};
      p.series = series_of(request.settings.group_by, first, p.summary, roots.size() > 1);
      p.label = load_label(p.summary);
      p.gpus = telemetry_gpu_count(p.summary);
      for (const std::string& g : request.settings.baselines) p.grey = p.grey || glob_match(g, p.series);
      for (const std::string& g : request.settings.treatments)
        if (glob_match(g, p.series)) p.grey = false;
      points.push_back(std::move(p));
    }
    // Runs at one load (an ISL sweep, named runs): their names tell them apart, not "c=16" each.
    const bool one_load = std::all_of(points.begin(), points.end(), [&](const RunPoint& p) { return p.label == points.front().label; });
    if (one_load && points.size() > 1)
      for (RunPoint& p : points) p.label = p.name;
    // Per GPU only when every run says how many GPUs served it, and all the same number.
    std::optional<double> gpus = points.empty() ? std::nullopt : points.front().gpus;
    for (const RunPoint& p : points)
      if (p.gpus != gpus) gpus.reset();
    charts = multi_run_charts(points, gpus);
    // Series::run indexes points; the report's runs are the cells in the same order only when every
    // cell had a summary, so re-point them by name.
    for (Chart& c : charts)
      for (Series& s : c.series)
        for (std::size_t& i : s.run)
          i = std::size_t(std::find(run_names.begin(), run_names.end(), points[i].name) - run_names.begin());
  }
  if (!request.settings.charts.empty())
    std::erase_if(charts, [&](const Chart& c) { return !request.settings.charts.count(c.name); });

  fs::create_directories(result.output);
  for (const Chart& c : charts) {
    const fs::path file = result.output / (c.name + ".png");
    render_png(c, theme, file, {request.settings.width, request.settings.height});
    result.files.push_back(file);
  }
  if (request.settings.html) {
    ReportInput input{.title = "aiperf report: " + fs::absolute(request.paths.front()).lexically_normal().string(),
                      .mode = found.single ? "single" : "multi", .theme = request.theme, .charts = charts};
    for (std::size_t i = 0; i < runs.size(); ++i) input.runs.push_back(report_run(run_names[i], runs[i]));
    const fs::path file = result.output / "report.html";
    write_html_report(input, file);
    result.files.push_back(file);
  }
  if (request.dump_data) {
    nlohmann::json dump{{"mode", found.single ? "single" : "multi"}, {"runs", run_names}, {"charts", nlohmann::json::array()}};
    for (const Chart& c : charts) dump["charts"].push_back(chart_to_json(c));
    const fs::path file = result.output / "plot_data.json";
    write_text(file, dump.dump());
    result.files.push_back(file);
  }
  return result;
}

}  // namespace aiperf::plot
