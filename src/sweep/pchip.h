#pragma once
// Monotone piecewise-cubic Hermite interpolation (PCHIP, Fritsch–Carlson / Fritsch–Butland):
// a C¹ curve through the points that keeps the data's shape — monotone wherever the data are
// monotone, no overshoot at a flat step — which plain cubic splines do not. The smooth_isotonic
// planner interpolates isotonic SLA margins with it and solves for their zero.
//
// Slopes at the knots, with h_k = x_{k+1} − x_k and secants δ_k = (y_{k+1} − y_k) / h_k:
//  * interior: 0 when δ_{k−1} and δ_k differ in sign or either is 0; otherwise the weighted
//    harmonic mean (w₁ + w₂) / (w₁/δ_{k−1} + w₂/δ_k), w₁ = 2h_k + h_{k−1}, w₂ = h_k + 2h_{k−1};
//  * ends: the three-point one-sided estimate ((2h₀ + h₁)δ₀ − h₀δ₁) / (h₀ + h₁) (mirrored at
//    the right end), set to 0 if its sign differs from δ₀, and limited to 3δ₀ when δ₀ and δ₁
//    differ in sign;
//  * two points: the straight line; one point: a constant.
// Between knots the curve is the cubic Hermite polynomial with those values and slopes.
#include <optional>
#include <span>
#include <vector>

namespace aiperf {

class Pchip {
 public:
  // x strictly increasing, one y per x, at least one point; throws std::invalid_argument.
  Pchip(std::span<const double> x, std::span<const double> y);

  // The curve at t; outside [x.front(), x.back()] the end value (no extrapolation).
  double operator()(double t) const;
  const std::vector<double>& slopes() const { return d_; }
  const std::vector<double>& x() const { return x_; }
  const std::vector<double>& y() const { return y_; }

 private:
  std::vector<double> x_, y_, d_;
};

// The smallest t in [x.front(), x.back()] where a non-increasing curve reaches `level` from
// above: x.front() when the curve starts at or below it, nullopt when it stays above it.
// Solved by bisection inside the first knot interval that crosses `level` (the cubic is
// monotone there because the data are).
std::optional<double> first_crossing_below(const Pchip& curve, double level);

}  // namespace aiperf
