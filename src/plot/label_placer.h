// Where per-point labels ("c=16") go: beside their marker, in the first of a few spots that
// overlaps no label already placed and no labelled marker, inside the plot. A label with no
// free spot is skipped: a few clear labels say more than an unreadable pile.
#pragma once

#include <optional>
#include <vector>

#include "plot/point_thinning.h"
#include "plot/text_painter.h"

namespace aiperf::plot {

class LabelPlacer {
 public:
  explicit LabelPlacer(PixelBox bounds) : bounds_(bounds) {}

  // Something labels must not cover (a labelled marker, a legend).
  void block(PixelBox box) { taken_.push_back(box); }

  // The box for a label of `size` beside a marker of `radius` at (x, y), `gap` px away, recorded
  // as taken; nullopt when every spot is taken or outside the bounds. `above_only`: a bar's
  // label, which belongs over the bar's top and nowhere else.
  std::optional<PixelBox> place(double x, double y, double radius, double gap, TextBox size, bool above_only = false);

 private:
  bool free(const PixelBox& box, const PixelBox& own_marker) const;

  PixelBox bounds_;
  std::vector<PixelBox> taken_;
};

}  // namespace aiperf::plot
