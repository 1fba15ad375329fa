#include "plot/chart_json.h"

#include <cmath>

namespace aiperf::plot {
namespace {

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json numbers(const std::vector<double>& values) {
  json out = json::array();
  out.get_ref<json::array_t&>().reserve(values.size());
  for (double v : values) out.push_back(number(v));
  return out;
}

json optional_number(const std::optional<double>& v) { return v ? number(*v) : json(nullptr); }

const char* kind_name(SeriesKind kind) {
  switch (kind) {
    case SeriesKind::points: return "points";
    case SeriesKind::line: return "line";
    case SeriesKind::area: return "area";
    case SeriesKind::bars: return "bars";
    case SeriesKind::segments: return "segments";
  }
  return "points";
}

json axis_json(const Axis& axis) {
  json out = {{"title", axis.title}, {"unit", axis.unit}, {"log", axis.log}, {"min", optional_number(axis.min)},
              {"max", optional_number(axis.max)}, {"whole_numbers", axis.whole_numbers}};
  if (!axis.metric.empty()) {
    out["metric"] = axis.metric;
    out["stat"] = axis.stat;
    out["better"] = axis.better;
    if (axis.divide_by > 0) out["divide_by"] = axis.divide_by;
  }
  return out;
}

json series_json(const Series& s) {
  json out = json::object();
  out["name"] = s.name;
  out["kind"] = kind_name(s.kind);
  out["x"] = numbers(s.x);
  out["y"] = numbers(s.y);
  out["x_end"] = numbers(s.x_end);
  out["width"] = number(s.width);
  out["labels"] = s.labels;
  out["request"] = s.request;
  out["colour"] = s.colour;
  out["grey"] = s.grey;
  out["emphasised"] = s.emphasised;
  out["dashed"] = s.dashed;
  out["secondary_y"] = s.secondary_y;
  return out;
}

}  // namespace

nlohmann::json chart_to_json(const Chart& chart) {
  json out = json::object();
  out["name"] = chart.name;
  out["title"] = chart.title;
  out["subtitle"] = chart.subtitle;
  out["x"] = axis_json(chart.x);
  out["y"] = axis_json(chart.y);
  out["y2"] = chart.y2 ? axis_json(*chart.y2) : json(nullptr);
  json series = json::array();
  for (const Series& s : chart.series) series.push_back(series_json(s));
  out["series"] = std::move(series);
  out["notes"] = chart.notes;
  return out;
}

}  // namespace aiperf::plot
