#include "media/video_frames.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numbers>
#include <string>

namespace aiperf {
namespace {

struct Rgb {
  uint8_t r, g, b;
};

void put_pixel(RgbFrame& f, int x, int y, Rgb c) {
  if (x < 0 || y < 0 || x >= f.width || y >= f.height) return;
  uint8_t* p = f.rgb.data() + (size_t(y) * size_t(f.width) + size_t(x)) * 3;
  p[0] = c.r, p[1] = c.g, p[2] = c.b;
}

size_t frame_pixel_bytes(const RgbFrame& f) { return size_t(f.width) * size_t(f.height) * 3; }

void fill_frame(RgbFrame& f, Rgb c) {
  for (size_t i = 0; i < frame_pixel_bytes(f); i += 3) f.rgb[i] = c.r, f.rgb[i + 1] = c.g, f.rgb[i + 2] = c.b;
}

// Inclusive box, as PIL's rectangle and ellipse take it.
void fill_box(RgbFrame& f, int x0, int y0, int x1, int y1, Rgb c) {
  for (int y = std::max(0, y0); y <= std::min(f.height - 1, y1); ++y)
    for (int x = std::max(0, x0); x <= std::min(f.width - 1, x1); ++x) put_pixel(f, x, y, c);
}

void fill_disc(RgbFrame& f, double cx, double cy, double radius, Rgb c) {
  for (int y = int(std::floor(cy - radius)); y <= int(std::ceil(cy + radius)); ++y)
    for (int x = int(std::floor(cx - radius)); x <= int(std::ceil(cx + radius)); ++x)
      if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius) put_pixel(f, x, y, c);
}

void ring(RgbFrame& f, double cx, double cy, double radius, double width, Rgb c) {
  const double outer = radius * radius, inner = (radius - width) * (radius - width);
  for (int y = int(std::floor(cy - radius)); y <= int(std::ceil(cy + radius)); ++y)
    for (int x = int(std::floor(cx - radius)); x <= int(std::ceil(cx + radius)); ++x) {
      const double d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (d <= outer && d >= inner) put_pixel(f, x, y, c);
    }
}

// A line `width` pixels thick: a disc stamped along it at every pixel step.
void thick_line(RgbFrame& f, double x0, double y0, double x1, double y1, double width, Rgb c) {
  const int steps = std::max(1, int(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
  for (int i = 0; i <= steps; ++i) {
    const double t = double(i) / steps;
    fill_disc(f, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, c);
  }
}

// 5x7 glyphs for the frame counter: one byte per row, bit 4 the leftmost pixel.
const std::array<uint8_t, 7>* clock_glyph(char ch) {
  static const std::array<uint8_t, 7> kDigits[10] = {
      {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E},
      {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E},
      {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E},
      {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},
      {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}};
  static const std::array<uint8_t, 7> kF = {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10};
  static const std::array<uint8_t, 7> kR = {0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10};
  static const std::array<uint8_t, 7> kA = {0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F};
  static const std::array<uint8_t, 7> kM = {0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11};
  static const std::array<uint8_t, 7> kE = {0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E};
  if (ch >= '0' && ch <= '9') return &kDigits[ch - '0'];
  switch (ch) {
    case 'F': return &kF;
    case 'r': return &kR;
    case 'a': return &kA;
    case 'm': return &kM;
    case 'e': return &kE;
    default: return nullptr;  // a space
  }
}

void draw_text(RgbFrame& f, int x, int y, const std::string& text, Rgb c) {
  for (char ch : text) {
    if (const auto* glyph = clock_glyph(ch))
      for (int row = 0; row < 7; ++row)
        for (int col = 0; col < 5; ++col)
          if ((*glyph)[size_t(row)] & (0x10 >> col)) put_pixel(f, x + col, y + row, c);
    x += 6;
  }
}

// Upstream's three shapes: each starts at an edge and wraps around the frame.
void paint_moving_shapes(RgbFrame& f, int index, int total) {
  fill_frame(f, {0, 0, 0});
  const double w = f.width, h = f.height, n = total;
  auto wrap = [](double v, double m) { return v - std::floor(v / m) * m; };
  const double red_x = wrap(w / n * 2 * index, w), red_y = wrap(double(f.height / 2), h);
  fill_disc(f, red_x, red_y, 15, {255, 0, 0});
  const double green_x = wrap(double(f.width / 2), w), green_y = wrap(h / n * 2 * index, h);
  fill_box(f, int(green_x) - 12, int(green_y) - 12, int(green_x) + 12, int(green_y) + 12, {0, 255, 0});
  const double blue_x = wrap(w - w / n * 1.5 * index, w), blue_y = wrap(h - h / n * 1.5 * index, h);
  fill_disc(f, blue_x, blue_y, 10, {0, 0, 255});
}

void paint_grid_clock(RgbFrame& f, int index, int total) {
  fill_frame(f, {32, 32, 32});
  constexpr int kGrid = 32;
  for (int x = 0; x < f.width; x += kGrid) fill_box(f, x, 0, x, f.height - 1, {64, 64, 64});
  for (int y = 0; y < f.height; y += kGrid) fill_box(f, 0, y, f.width - 1, y, {64, 64, 64});
  const double cx = f.width / 2, cy = f.height / 2, radius = std::min(f.width, f.height) / 4;
  const double angle = double(index) / total * 2 * std::numbers::pi;
  const double hour = angle / 12 - std::numbers::pi / 2, minute = angle - std::numbers::pi / 2;
  thick_line(f, cx, cy, cx + radius * 0.6 * std::cos(hour), cy + radius * 0.6 * std::sin(hour), 3, {255, 255, 0});
  thick_line(f, cx, cy, cx + radius * 0.9 * std::cos(minute), cy + radius * 0.9 * std::sin(minute), 2,
             {255, 255, 255});
  ring(f, cx, cy, radius, 2, {128, 128, 128});
  fill_disc(f, cx, cy, 3, {255, 0, 0});
  draw_text(f, 10, 10, "Frame " + std::to_string(index), {255, 255, 255});
}

void paint_noise(RgbFrame& f, std::mt19937_64& rng) {
  const size_t bytes = frame_pixel_bytes(f);
  for (size_t i = 0; i < bytes; i += 8) {
    const uint64_t bits = rng();
    std::memcpy(f.rgb.data() + i, &bits, std::min<size_t>(8, bytes - i));
  }
}

}  // namespace

void paint_video_frame(VideoSynthType type, int index, int total, RgbFrame& frame, std::mt19937_64& noise_rng) {
  frame.rgb.resize(frame_pixel_bytes(frame) + kRgbFramePadding);
  switch (type) {
    case VideoSynthType::moving_shapes: return paint_moving_shapes(frame, index, total);
    case VideoSynthType::grid_clock: return paint_grid_clock(frame, index, total);
    case VideoSynthType::noise: return paint_noise(frame, noise_rng);
  }
}

}  // namespace aiperf
