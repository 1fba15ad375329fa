#include "sweep/pchip.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace aiperf {
namespace {

int sign(double v) { return (v > 0) - (v < 0); }

double end_slope(double h0, double h1, double d0, double d1) {
  double d = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
  if (sign(d) != sign(d0)) return 0;
  if (sign(d0) != sign(d1) && std::abs(d) > 3 * std::abs(d0)) return 3 * d0;
  return d;
}

}  // namespace

Pchip::Pchip(std::span<const double> x, std::span<const double> y) : x_(x.begin(), x.end()), y_(y.begin(), y.end()) {
  size_t n = x_.size();
  if (n == 0 || y_.size() != n) throw std::invalid_argument("pchip: one y per x, at least one point");
  for (size_t k = 0; k + 1 < n; ++k) {
    if (!(x_[k + 1] > x_[k])) throw std::invalid_argument("pchip: x must be strictly increasing");
  }
  d_.assign(n, 0.0);
  if (n == 1) return;
  std::vector<double> h(n - 1), delta(n - 1);
  for (size_t k = 0; k + 1 < n; ++k) {
    h[k] = x_[k + 1] - x_[k];
    delta[k] = (y_[k + 1] - y_[k]) / h[k];
  }
  if (n == 2) {
    d_[0] = d_[1] = delta[0];
    return;
  }
  for (size_t k = 1; k + 1 < n; ++k) {
    if (sign(delta[k - 1]) * sign(delta[k]) <= 0) continue;  // extremum or flat: slope 0
    double w1 = 2 * h[k] + h[k - 1];
    double w2 = h[k] + 2 * h[k - 1];
    d_[k] = (w1 + w2) / (w1 / delta[k - 1] + w2 / delta[k]);
  }
  d_[0] = end_slope(h[0], h[1], delta[0], delta[1]);
  d_[n - 1] = end_slope(h[n - 2], h[n - 3], delta[n - 2], delta[n - 3]);
}

double Pchip::operator()(double t) const {
  if (t <= x_.front()) return y_.front();
  if (t >= x_.back()) return y_.back();
  size_t k = size_t(std::upper_bound(x_.begin(), x_.end(), t) - x_.begin()) - 1;
  double h = x_[k + 1] - x_[k];
  double s = (t - x_[k]) / h;
  double s2 = s * s, s3 = s2 * s;
  double h00 = 2 * s3 - 3 * s2 + 1;
  double h10 = s3 - 2 * s2 + s;
  double h01 = -2 * s3 + 3 * s2;
  double h11 = s3 - s2;
  return h00 * y_[k] + h10 * h * d_[k] + h01 * y_[k + 1] + h11 * h * d_[k + 1];
}

std::optional<double> first_crossing_below(const Pchip& curve, double level) {
  const auto& x = curve.x();
  const auto& y = curve.y();
  if (y.front() <= level) return x.front();
  for (size_t k = 0; k + 1 < x.size(); ++k) {
    if (y[k + 1] > level) continue;
    double a = x[k], b = x[k + 1];  // curve(a) > level >= curve(b)
    for (int i = 0; i < 100 && b - a > 1e-12 * std::max(1.0, std::abs(b)); ++i) {
      double mid = 0.5 * (a + b);
      (curve(mid) > level ? a : b) = mid;
    }
    return b;
  }
  return std::nullopt;
}

}  // namespace aiperf
