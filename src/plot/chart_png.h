// Draws a Chart into a PNG file (cairo for shapes, pango for text). Large series are thinned
// where they are drawn (at most one marker per pixel), so a million-point chart costs what a
// full raster of markers costs, not a million circles.
#pragma once

#include <filesystem>

#include "plot/chart.h"
#include "plot/theme.h"

namespace aiperf::plot {

struct PngSize {
  int width = 1200;
  int height = 720;
};

// Throws std::runtime_error naming the file when it cannot be written.
void render_png(const Chart& chart, const Theme& theme, const std::filesystem::path& file, PngSize size = {});

}  // namespace aiperf::plot
