#include "plot/multi_run_charts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "common/pareto_front.h"
#include "plot/number_text.h"
#include "plot/run_artifacts.h"

namespace aiperf::plot {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double axis_value(const RunPoint& p, const Axis& a) {
  std::optional<double> v = summary_stat(p.summary, a.metric, a.stat);
  if (!v) return kNaN;
  return a.divide_by > 0 ? *v / a.divide_by : *v;
}

Axis throughput_axis(std::optional<double> gpu_count) {
  Axis a{.title = gpu_count ? "Output token throughput per GPU" : "Output token throughput, whole deployment",
         .unit = gpu_count ? "tokens/sec/gpu" : "tokens/sec",
         .metric = "output_token_throughput", .stat = "avg", .better = "higher"};
  if (gpu_count) a.divide_by = *gpu_count;
  return a;
}

// Points of each series in label order, then the frontier over every point as one emphasised line.
Chart comparison(const std::vector<RunPoint>& points, const char* name, const char* title, Axis x, Axis y) {
  Chart c{.name = name, .title = title, .x = std::move(x), .y = std::move(y)};
  std::map<std::string, Series> by_series;
  std::vector<std::string> series_order;
  std::vector<double> all_x, all_y;
  std::vector<std::size_t> all_run;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double px = axis_value(points[i], c.x), py = axis_value(points[i], c.y);
    if (std::isnan(px) || std::isnan(py)) continue;
    auto [it, added] = by_series.try_emplace(points[i].series);
    if (added) {
      series_order.push_back(points[i].series);
      it->second = Series{.name = points[i].series, .kind = SeriesKind::points, .grey = points[i].grey};
    }
    it->second.x.push_back(px), it->second.y.push_back(py), it->second.run.push_back(i);
    it->second.labels.push_back(points[i].label);
    all_x.push_back(px), all_y.push_back(py), all_run.push_back(i);
  }
  for (std::size_t k = 0; k < series_order.size(); ++k) {
    Series s = std::move(by_series[series_order[k]]);
    if (!s.grey) s.colour = int(k);
    c.series.push_back(std::move(s));
  }
  if (all_x.size() >= 2) {
    Series frontier{.name = "Pareto frontier", .kind = SeriesKind::line, .emphasised = true, .dashed = true};
    frontier.colour = int(series_order.size());
    std::vector<std::size_t> front = pareto_front(all_x, all_y, c.x.better == "higher", c.y.better == "higher");
    std::sort(front.begin(), front.end(), [&](std::size_t a, std::size_t b) { return all_x[a] < all_x[b]; });  // a line
    for (std::size_t i : front)
      frontier.x.push_back(all_x[i]), frontier.y.push_back(all_y[i]), frontier.run.push_back(all_run[i]);
    c.series.push_back(std::move(frontier));
  }
  return c;
}

}  // namespace

std::string load_label(const nlohmann::json& summary) {
  const nlohmann::json* loadgen = nullptr;
  if (summary.is_object() && summary.contains("input_config") && summary["input_config"].is_object() &&
      summary["input_config"].contains("loadgen"))
    loadgen = &summary["input_config"]["loadgen"];
  if (!loadgen || !loadgen->is_object()) return "";
  if (auto c = loadgen->find("concurrency"); c != loadgen->end() && c->is_number()) return "c=" + format_number(c->get<double>());
  if (auto r = loadgen->find("request_rate"); r != loadgen->end() && r->is_number()) return "r=" + format_number(r->get<double>());
  return "";
}

nlohmann::json mean_summary(const std::vector<nlohmann::json>& summaries) {
  if (summaries.size() == 1) return summaries.front();
  nlohmann::json out = summaries.front();
  for (auto& [tag, metric] : out.items()) {
    if (!metric.is_object() || !metric.contains("unit")) continue;
    for (auto& [stat, value] : metric.items()) {
      if (!value.is_number()) continue;
      double sum = 0;
      bool everywhere = true;
      for (const nlohmann::json& s : summaries) {
        std::optional<double> v = summary_stat(s, tag, stat);
        if (!v) everywhere = false;
        else sum += *v;
      }
      value = everywhere ? nlohmann::json(sum / double(summaries.size())) : nlohmann::json(nullptr);
    }
  }
  return out;
}

std::vector<Chart> multi_run_charts(const std::vector<RunPoint>& points, std::optional<double> gpu_count) {
  const Axis latency{.title = "Request latency", .unit = "ms", .metric = "request_latency", .stat = "avg", .better = "lower"};
  const Axis ttft{.title = "Time to first token", .unit = "ms", .metric = "time_to_first_token", .stat = "avg", .better = "lower"};
  const Axis interactivity{.title = "Interactivity: output token throughput per user", .unit = "tokens/sec/user",
                           .metric = "output_token_throughput_per_user", .stat = "avg", .better = "higher"};
  const Axis request_throughput{.title = "Request throughput", .unit = "requests/sec", .metric = "request_throughput",
                                .stat = "avg", .better = "higher"};
  std::vector<Chart> charts;
  charts.push_back(comparison(points, "pareto_curve_throughput_per_gpu_vs_latency",
                              gpu_count ? "Throughput per GPU against latency" : "Throughput against latency",
                              latency, throughput_axis(gpu_count)));
  charts.push_back(comparison(points, "pareto_curve_throughput_per_gpu_vs_interactivity",
                              gpu_count ? "Throughput per GPU against interactivity" : "Throughput against interactivity",
                              throughput_axis(gpu_count), interactivity));
  charts.push_back(comparison(points, "ttft_vs_throughput", "Time to first token against request throughput", ttft,
                              request_throughput));
  for (Chart& c : charts) {
    if (!gpu_count && c.name.find("per_gpu") != std::string::npos)
      c.notes.push_back("GPU count unknown (no GPU telemetry, or runs on different GPU counts): throughput is the "
                        "whole deployment's, not divided per GPU");
    if (gpu_count && c.name.find("per_gpu") != std::string::npos)
      c.notes.push_back("Output token throughput divided by " + format_number(*gpu_count) + " GPUs (from GPU telemetry)");
    std::size_t averaged = 0;
    for (const RunPoint& p : points) averaged = std::max(averaged, p.trials);
    if (averaged > 1) c.notes.push_back("Each point is the mean of its trials (up to " + format_count(averaged) + ")");
  }
  std::erase_if(charts, [](const Chart& c) { return c.series.empty(); });
  return charts;
}

}  // namespace aiperf::plot
