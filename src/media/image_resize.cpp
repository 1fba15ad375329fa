#include "media/image_resize.h"

#include <algorithm>
#include <cmath>

namespace aiperf {
namespace {

// For each output coordinate: the two source coordinates around its centre and the weight of
// the second one.
struct Tap {
  uint32_t lo, hi;
  float weight;
};

std::vector<Tap> taps(uint32_t source, uint32_t target) {
  std::vector<Tap> out(target);
  const double scale = double(source) / target;
  for (uint32_t i = 0; i < target; ++i) {
    const double at = std::clamp((i + 0.5) * scale - 0.5, 0.0, double(source - 1));
    const auto lo = uint32_t(std::floor(at));
    out[i] = {lo, std::min(lo + 1, source - 1), float(at - lo)};
  }
  return out;
}

}  // namespace

RgbImage resize_bilinear(const RgbImage& source, uint32_t width, uint32_t height) {
  RgbImage out;
  out.width = width;
  out.height = height;
  out.rgb.resize(size_t(width) * height * 3);
  const std::vector<Tap> xs = taps(source.width, width), ys = taps(source.height, height);
  auto at = [&](uint32_t x, uint32_t y, size_t c) { return float(source.rgb[(size_t(y) * source.width + x) * 3 + c]); };
  for (uint32_t y = 0; y < height; ++y)
    for (uint32_t x = 0; x < width; ++x)
      for (size_t c = 0; c < 3; ++c) {
        const Tap &tx = xs[x], &ty = ys[y];
        const float top = at(tx.lo, ty.lo, c) + (at(tx.hi, ty.lo, c) - at(tx.lo, ty.lo, c)) * tx.weight;
        const float bottom = at(tx.lo, ty.hi, c) + (at(tx.hi, ty.hi, c) - at(tx.lo, ty.hi, c)) * tx.weight;
        out.rgb[(size_t(y) * width + x) * 3 + c] = uint8_t(std::lround(std::clamp(top + (bottom - top) * ty.weight, 0.f, 255.f)));
      }
  return out;
}

}  // namespace aiperf
