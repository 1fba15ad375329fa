// The legend: one entry per named series (a name used twice is listed once), laid out in rows
// under the chart's header, outside the plot, wrapping to the image's width; past `max_rows`
// the rest are summarised as "+N more" rather than pushing the plot off the image.
#pragma once

#include <string>
#include <vector>

#include <cairo.h>

#include "plot/chart.h"
#include "plot/series_style.h"
#include "plot/text_painter.h"

namespace aiperf::plot {

struct LegendEntry {
  std::string text;
  SeriesKind kind = SeriesKind::line;
  SeriesStyle style;
};

// `right_axis_suffix`: the chart has series on both axes, so those on the right say so.
std::vector<LegendEntry> legend_entries(const Chart& chart, const Theme& theme, double scale, bool right_axis_suffix);

struct PlacedEntry {
  const LegendEntry* entry = nullptr;  // null: the "+N more" note
  std::string text;
  double x = 0, y = 0;  // top-left of the swatch's cell
};

struct LegendLayout {
  std::vector<PlacedEntry> placed;
  double height = 0;
  double row_height = 0;
};

LegendLayout layout_legend(const std::vector<LegendEntry>& entries, const TextPainter& text, const TextStyle& style,
                           double left, double top, double max_width, int max_rows, double scale);

void draw_legend(cairo_t* cr, const LegendLayout& layout, const TextPainter& text, const TextStyle& style,
                 const TextStyle& more_style, double scale);

}  // namespace aiperf::plot
