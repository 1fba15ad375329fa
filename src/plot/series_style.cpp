#include "plot/series_style.h"

#include <array>

namespace aiperf::plot {

SeriesStyle style_of(const Series& series, std::size_t position, const Theme& theme, double scale) {
  SeriesStyle style;
  const std::size_t index = series.colour >= 0 ? static_cast<std::size_t>(series.colour) : position;
  style.colour = series.grey ? theme.neutral : theme.palette[index % theme.palette.size()];
  style.line_width = (series.emphasised ? 3.5 : 2.0) * scale;
  style.marker_radius = (series.emphasised ? 5.5 : 4.2) * scale;
  style.fill_alpha = series.emphasised ? 0.32 : 0.22;
  style.dashed = series.dashed;
  return style;
}

void set_source(cairo_t* cr, Rgb colour, double alpha) {
  cairo_set_source_rgba(cr, colour.r / 255.0, colour.g / 255.0, colour.b / 255.0, alpha);
}

void apply_stroke(cairo_t* cr, const SeriesStyle& style, double scale) {
  set_source(cr, style.colour);
  cairo_set_line_width(cr, style.line_width);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap(cr, style.dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
  if (style.dashed) {
    const std::array<double, 2> dashes{7 * scale, 4.5 * scale};
    cairo_set_dash(cr, dashes.data(), static_cast<int>(dashes.size()), 0);
  } else {
    cairo_set_dash(cr, nullptr, 0, 0);
  }
}

}  // namespace aiperf::plot
