// Thinning huge series where they are drawn, in pixel space: what reaches cairo is bounded by
// the plot's pixel count, not by the series' length, and looks the same as drawing it all.
//   * markers: the first point in each pixel cell (a million points on a 1000×600 plot become
//     at most 600k cells, typically far fewer);
//   * polylines: a run of consecutive points in one pixel column becomes its first, lowest,
//     highest and last point, which is exactly what a rasteriser would have drawn;
//   * horizontal segments: segments on the same pixel row that overlap or touch merge into one.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace aiperf::plot {

struct PixelBox {
  double left = 0, top = 0, width = 0, height = 0;
};

struct PixelPoint {
  double x = 0, y = 0;
};

// Indices (ascending) of the points to draw as markers: inside `box` widened by `margin` on each
// side, and the first to fall in their `cell`×`cell` pixel cell. NaN coordinates are skipped.
std::vector<std::size_t> thin_markers(std::span<const double> px, std::span<const double> py, PixelBox box,
                                      double margin = 0, double cell = 1);

// The polylines through (px[i], py[i]): a NaN coordinate ends one and starts the next. When
// `decimate`, runs in one pixel column are reduced to first, min, max, last.
std::vector<std::vector<PixelPoint>> polylines(std::span<const double> px, std::span<const double> py, bool decimate);

struct HorizontalSegment {
  double x0 = 0, x1 = 0, y = 0;
};

// Segments sharing a pixel row (y rounded) that overlap or lie within `gap` px of each other
// merge; the result is sorted by row, then x0, with y rounded to a whole pixel.
std::vector<HorizontalSegment> merge_segments(std::vector<HorizontalSegment> segments, double gap = 0.5);

}  // namespace aiperf::plot
