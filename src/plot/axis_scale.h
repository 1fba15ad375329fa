// One axis of a drawn chart: the range it shows, chosen from the data it carries, and the map
// from data values to pixels. The range pads the data a little so extreme markers are not cut
// by the frame, never collapses to a point (one value, or all values equal, still gets a span),
// and honours a fixed Axis::min/max as given.
#pragma once

#include <limits>

#include "plot/chart.h"

namespace aiperf::plot {

// The finite values an axis must show; on a log axis only the positive ones.
class DataExtent {
 public:
  explicit DataExtent(bool log) : log_(log) {}
  void add(double v);
  bool empty() const { return !(lo_ <= hi_); }
  double lo() const { return lo_; }
  double hi() const { return hi_; }

 private:
  bool log_;
  double lo_ = std::numeric_limits<double>::infinity();
  double hi_ = -std::numeric_limits<double>::infinity();
};

struct AxisRange {
  double lo = 0;
  double hi = 1;
};

// `anchor_zero`: the axis carries bars or areas, which grow from 0, so a linear range includes
// 0 and is not padded past it.
AxisRange choose_range(const Axis& axis, const DataExtent& extent, bool anchor_zero);

class AxisScale {
 public:
  AxisScale() = default;
  // px_lo, px_hi: where range.lo and range.hi land (px_hi < px_lo for a y axis).
  AxisScale(AxisRange range, bool log, double px_lo, double px_hi);

  // NaN where `v` cannot be drawn: not finite, or not positive on a log axis. Far-off values are
  // clamped to ±1e6 px, inside cairo's fixed-point coordinate range.
  double to_px(double v) const;
  bool contains(double v) const;  // within the range (a hair of slack for rounding)
  const AxisRange& range() const { return range_; }
  bool log() const { return log_; }

 private:
  AxisRange range_;
  bool log_ = false;
  double px_lo_ = 0, px_hi_ = 1;
  double t_lo_ = 0, t_hi_ = 1;  // range in the transformed (log10 or identity) space
};

}  // namespace aiperf::plot
