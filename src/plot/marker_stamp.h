// Dense scatter markers blended straight into an image surface's pixels. Cairo spends a few
// microseconds on every filled arc (about 2 s for 300k), so once a series keeps more than a
// few thousand markers after thinning, one anti-aliased disc is rendered into a coverage mask
// and copied to each marker's pixel: the same picture, at whole-pixel positions, in milliseconds.
#pragma once

#include <span>
#include <vector>

#include <cairo.h>

#include "plot/point_thinning.h"
#include "plot/theme.h"

namespace aiperf::plot {

class MarkerStamp {
 public:
  // A disc of `radius` px in `colour` at `alpha` (0..1).
  MarkerStamp(double radius, Rgb colour, double alpha);

  // Blends one disc per centre into `surface` (an ARGB32 or RGB24 image surface), clipped to `clip`.
  // Flushes the surface before and marks it dirty after, so cairo drawing may go on around it.
  void draw(cairo_surface_t* surface, std::span<const PixelPoint> centres, PixelBox clip) const;

 private:
  int half_ = 0;                    // the mask spans [-half_, half_] pixels around the centre
  std::vector<unsigned> coverage_;  // (2·half_+1)² source alphas, 0..255, colour alpha applied
  Rgb colour_;
};

}  // namespace aiperf::plot
