#include "plot/axis_scale.h"

#include <algorithm>
#include <cmath>

namespace aiperf::plot {
namespace {

constexpr double kPadding = 0.05;  // of the span, each side

double forward(double v, bool log) { return log ? std::log10(v) : v; }
double inverse(double t, bool log) { return log ? std::pow(10.0, t) : t; }

bool usable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

// A span for an axis whose lo and hi coincide: ±10 % of the value (±1 at zero), or half a decade
// each side on a log axis.
AxisRange widen_point(double v, bool log) {
  if (log) return {v / std::sqrt(10.0), v * std::sqrt(10.0)};
  const double d = v == 0 ? 1.0 : std::fabs(v) * 0.1;
  return {v - d, v + d};
}

}  // namespace

void DataExtent::add(double v) {
  if (!usable(v, log_)) return;
  lo_ = std::min(lo_, v);
  hi_ = std::max(hi_, v);
}

AxisRange choose_range(const Axis& axis, const DataExtent& extent, bool anchor_zero) {
  const bool log = axis.log;
  // A fixed bound the axis cannot show (NaN, or ≤ 0 on a log axis) counts as unset.
  const bool has_lo = axis.min.has_value() && usable(*axis.min, log);
  const bool has_hi = axis.max.has_value() && usable(*axis.max, log);
  const double fixed_lo = has_lo ? *axis.min : 0, fixed_hi = has_hi ? *axis.max : 0;
  if (has_lo && has_hi && fixed_lo != fixed_hi) return {std::min(fixed_lo, fixed_hi), std::max(fixed_lo, fixed_hi)};

  double lo = 0, hi = 0;
  bool from_data = !extent.empty();
  if (from_data) {
    lo = extent.lo();
    hi = extent.hi();
  } else {
    lo = log ? 1 : 0;
    hi = log ? 10 : 1;
  }
  const bool zero_below = anchor_zero && !log && lo >= 0;
  const bool zero_above = anchor_zero && !log && hi <= 0;
  if (anchor_zero && !log) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 0.0);
  }
  if (lo == hi) {
    AxisRange wide = widen_point(lo, log);
    lo = zero_below && lo == 0 ? 0 : wide.lo;
    hi = zero_above && hi == 0 ? 0 : wide.hi;
    if (lo == hi) hi = lo + 1;
  } else if (from_data) {
    const double t_lo = forward(lo, log), t_hi = forward(hi, log);
    const double pad = (t_hi - t_lo) * kPadding;
    if (!zero_below) lo = inverse(t_lo - pad, log);
    if (!zero_above) hi = inverse(t_hi + pad, log);
  }

  // One fixed end: the data decide the other, unless they lie wholly beyond the fixed end.
  if (has_lo) {
    lo = fixed_lo;
    if (!(hi > lo)) hi = widen_point(lo, log).hi;
  }
  if (has_hi) {
    hi = fixed_hi;
    if (!(lo < hi)) lo = widen_point(hi, log).lo;
  }
  if (!(hi > lo)) hi = lo + 1;  // both fixed and equal
  return {lo, hi};
}

AxisScale::AxisScale(AxisRange range, bool log, double px_lo, double px_hi)
    : range_(range),
      log_(log),
      px_lo_(px_lo),
      px_hi_(px_hi),
      t_lo_(forward(range.lo, log)),
      t_hi_(forward(range.hi, log)) {
  if (!(t_hi_ > t_lo_)) t_hi_ = t_lo_ + 1;
}

double AxisScale::to_px(double v) const {
  if (!usable(v, log_)) return std::nan("");
  const double px = px_lo_ + (forward(v, log_) - t_lo_) / (t_hi_ - t_lo_) * (px_hi_ - px_lo_);
  return std::clamp(px, -1e6, 1e6);
}

bool AxisScale::contains(double v) const {
  if (!usable(v, log_)) return false;
  const double t = forward(v, log_), slack = (t_hi_ - t_lo_) * 1e-9;
  return t >= t_lo_ - slack && t <= t_hi_ + slack;
}

}  // namespace aiperf::plot
