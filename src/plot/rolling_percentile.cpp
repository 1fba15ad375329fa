#include "plot/rolling_percentile.h"

#include <algorithm>
#include <cmath>

namespace aiperf::plot {

double interpolated_percentile(const std::vector<double>& sorted, double q) {
  const double rank = q / 100.0 * double(sorted.size() - 1);
  const std::size_t lo = std::size_t(std::floor(rank));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - double(lo));
}

std::size_t rolling_window_for(std::size_t n) {
  return std::min(n, std::clamp<std::size_t>(n / 50, 10, 1000));
}

std::vector<RollingPoint> rolling_percentile(const std::vector<double>& values, std::size_t window, double q,
                                             std::size_t max_points) {
  std::vector<RollingPoint> out;
  const std::size_t n = values.size();
  if (n == 0 || window == 0 || max_points == 0) return out;
  window = std::min(window, n);
  const std::size_t first = window - 1;
  const std::size_t span = n - 1 - first;
  const std::size_t count = std::min(max_points, span + 1);
  std::vector<double> w;
  w.reserve(window);
  std::size_t previous = std::size_t(-1);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t index = count == 1 ? n - 1 : first + (span * k) / (count - 1);
    if (index == previous) continue;
    previous = index;
    w.clear();
    for (std::size_t i = index + 1 - window; i <= index; ++i)
      if (!std::isnan(values[i])) w.push_back(values[i]);
    if (w.empty()) continue;
    std::sort(w.begin(), w.end());
    out.push_back({index, interpolated_percentile(w, q)});
  }
  return out;
}

}  // namespace aiperf::plot
