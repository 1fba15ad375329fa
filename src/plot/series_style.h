// How one series looks (colour, stroke, marker size), decided in one place so that the legend's
// swatch and the drawn series cannot disagree.
#pragma once

#include <cstddef>

#include <cairo.h>

#include "plot/chart.h"
#include "plot/theme.h"

namespace aiperf::plot {

struct SeriesStyle {
  Rgb colour;
  double line_width = 2;     // px
  double marker_radius = 3.5;  // px, sparse markers
  double fill_alpha = 0.25;  // areas
  bool dashed = false;
};

// `position`: the series' index in Chart::series; `scale`: the chart's pixel scale (1 at 1200×720).
SeriesStyle style_of(const Series& series, std::size_t position, const Theme& theme, double scale);

void set_source(cairo_t* cr, Rgb colour, double alpha = 1);
void apply_stroke(cairo_t* cr, const SeriesStyle& style, double scale);  // colour, width, dash, joins

}  // namespace aiperf::plot
