#include "plot/marker_stamp.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace aiperf::plot {

MarkerStamp::MarkerStamp(double radius, Rgb colour, double alpha) : colour_(colour) {
  radius = std::max(radius, 0.5);
  half_ = static_cast<int>(std::ceil(radius));
  const int side = 2 * half_ + 1;
  coverage_.assign(static_cast<std::size_t>(side * side), 0);
  // Coverage by 4×4 supersampling of each pixel against the disc centred on the middle pixel's centre.
  constexpr int kSamples = 4;
  for (int row = 0; row < side; ++row) {
    for (int col = 0; col < side; ++col) {
      int inside = 0;
      for (int sy = 0; sy < kSamples; ++sy) {
        for (int sx = 0; sx < kSamples; ++sx) {
          const double dx = col - half_ + (sx + 0.5) / kSamples - 0.5;
          const double dy = row - half_ + (sy + 0.5) / kSamples - 0.5;
          if (dx * dx + dy * dy <= radius * radius) ++inside;
        }
      }
      const double a = std::clamp(alpha, 0.0, 1.0) * inside / (kSamples * kSamples);
      coverage_[static_cast<std::size_t>(row * side + col)] = static_cast<unsigned>(std::lround(a * 255));
    }
  }
}

void MarkerStamp::draw(cairo_surface_t* surface, std::span<const PixelPoint> centres, PixelBox clip) const {
  const cairo_format_t format = cairo_image_surface_get_format(surface);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return;
  cairo_surface_flush(surface);
  unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  const int x_lo = std::max(0, static_cast<int>(std::ceil(clip.left)));
  const int y_lo = std::max(0, static_cast<int>(std::ceil(clip.top)));
  const int x_hi = std::min(width, static_cast<int>(std::floor(clip.left + clip.width)));
  const int y_hi = std::min(height, static_cast<int>(std::floor(clip.top + clip.height)));
  const int side = 2 * half_ + 1;
  for (const PixelPoint& c : centres) {
    if (!std::isfinite(c.x) || !std::isfinite(c.y)) continue;
    const int cx = static_cast<int>(std::floor(c.x)), cy = static_cast<int>(std::floor(c.y));
    for (int row = 0; row < side; ++row) {
      const int y = cy - half_ + row;
      if (y < y_lo || y >= y_hi) continue;
      auto* line = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (int col = 0; col < side; ++col) {
        const int x = cx - half_ + col;
        if (x < x_lo || x >= x_hi) continue;
        const unsigned a = coverage_[static_cast<std::size_t>(row * side + col)];
        if (a == 0) continue;
        // Premultiplied OVER: out = src·a + dst·(1 − a), per channel, alpha included.
        const std::uint32_t d = line[x];
        auto mix = [a](unsigned src, unsigned dst) { return (src * a + dst * (255 - a) + 127) / 255; };
        const unsigned out_a = mix(255, d >> 24);
        const unsigned out_r = mix(colour_.r, (d >> 16) & 0xFF);
        const unsigned out_g = mix(colour_.g, (d >> 8) & 0xFF);
        const unsigned out_b = mix(colour_.b, d & 0xFF);
        line[x] = (out_a << 24) | (out_r << 16) | (out_g << 8) | out_b;
      }
    }
  }
  cairo_surface_mark_dirty(surface);
}

}  // namespace aiperf::plot
