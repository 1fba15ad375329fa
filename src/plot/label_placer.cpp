#include "plot/label_placer.h"

#include <array>

namespace aiperf::plot {
namespace {

bool overlaps(const PixelBox& a, const PixelBox& b) {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

bool same(const PixelBox& a, const PixelBox& b) {
  return a.left == b.left && a.top == b.top && a.width == b.width && a.height == b.height;
}

}  // namespace

bool LabelPlacer::free(const PixelBox& box, const PixelBox& own_marker) const {
  if (box.left < bounds_.left || box.top < bounds_.top || box.left + box.width > bounds_.left + bounds_.width ||
      box.top + box.height > bounds_.top + bounds_.height) {
    return false;
  }
  for (const PixelBox& t : taken_) {
    if (!same(t, own_marker) && overlaps(box, t)) return false;
  }
  return true;
}

std::optional<PixelBox> LabelPlacer::place(double x, double y, double radius, double gap, TextBox size,
                                           bool above_only) {
  const double d = radius + gap, w = size.width, h = size.height;
  const PixelBox marker{x - radius, y - radius, 2 * radius, 2 * radius};
  // Right of the marker first (where the eye reads on), then the diagonals, left, above, below.
  const std::array<PixelBox, 7> spots{{
      {x + d, y - h / 2, w, h},
      {x + d * 0.7, y - d * 0.7 - h, w, h},
      {x + d * 0.7, y + d * 0.7, w, h},
      {x - d - w, y - h / 2, w, h},
      {x - w / 2, y - d - h, w, h},
      {x - w / 2, y + d, w, h},
      {x - d * 0.7 - w, y - d * 0.7 - h, w, h},
  }};
  constexpr std::size_t kAbove = 4;
  for (std::size_t i = 0; i < spots.size(); ++i) {
    if (above_only && i != kAbove) continue;
    if (free(spots[i], marker)) {
      taken_.push_back(spots[i]);
      return spots[i];
    }
  }
  return std::nullopt;
}

}  // namespace aiperf::plot
