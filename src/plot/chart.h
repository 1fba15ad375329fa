// The chart model: what a chart shows, as data, before any pixel is drawn. Chart builders
// (single-run, multi-run, swim lanes) fill it from the exports; the PNG renderer, the HTML
// report and `aiperf plot --dump-data` all read the same Chart, so a test can check what is
// plotted against the exports without looking at pixels.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aiperf::plot {

enum class SeriesKind {
  points,    // scatter: one marker per (x, y)
  line,      // polyline through (x, y) in order
  area,      // filled from 0 up to the line through (x, y)
  bars,      // one bar per (x, y); x is the bar's centre, `width` its width in x units
  segments,  // one horizontal segment per i: from (x[i], y[i]) to (x_end[i], y[i])
};

struct Axis {
  std::string title{};  // "Time to first token"
  std::string unit{};   // "ms" (drawn as "Time to first token (ms)"); empty: no unit
  bool log = false;   // base-10 logarithmic; non-positive values are not drawn
  std::optional<double> min{};  // fixed range; unset: from the data
  std::optional<double> max{};
  bool whole_numbers = false;  // ticks only on whole numbers (lanes, request rows, counts)
  // Multi-run charts: the summary statistic each point's coordinate is (summary[metric][stat]),
  // so the HTML report can switch the statistic; `better` ("lower" | "higher") orients the
  // Pareto frontier. Empty for per-request charts. `divide_by` > 0: the plotted value is
  // summary[metric][stat] / divide_by (throughput per GPU with a known GPU count).
  std::string metric{};
  std::string stat{};
  std::string better{};
  double divide_by = 0;
};

struct Series {
  std::string name{};  // legend entry; empty: not in the legend
  SeriesKind kind = SeriesKind::points;
  std::vector<double> x{};
  std::vector<double> y{};
  std::vector<double> x_end{};         // segments only
  double width = 0;                  // bars only (x units)
  std::vector<std::string> labels{};   // per-point text drawn beside the marker (e.g. "c=16"); may be empty
  std::vector<std::size_t> request{};  // per-point index into the run's request table (hover); may be empty
  std::vector<std::size_t> run{};      // multi-run charts: per-point index into ReportInput::runs; may be empty
  int colour = -1;                   // palette index; -1: the series' position among the chart's series
  bool grey = false;                 // drawn in the theme's neutral colour (baseline runs)
  bool emphasised = false;           // drawn thicker and on top (a Pareto frontier)
  bool dashed = false;
  bool secondary_y = false;          // against the right-hand axis (`Chart::y2`)
};

struct Chart {
  std::string name{};      // file stem: "ttft_over_time" -> ttft_over_time.png
  std::string title{};     // "Time to first token over time"
  std::string subtitle{};  // a qualifier shown under the title ("AMD GFX activity: not comparable")
  Axis x;
  Axis y;
  std::optional<Axis> y2{};
  std::vector<Series> series{};
  // Said on the chart itself, never hidden in a log: "GPU count unknown: throughput is per
  // deployment, not per GPU", "every 500th request of 1,000,000 shown".
  std::vector<std::string> notes{};
};

}  // namespace aiperf::plot
