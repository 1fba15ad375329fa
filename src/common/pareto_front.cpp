#include "common/pareto_front.h"

#include <algorithm>
#include <cmath>

namespace aiperf {

std::vector<std::size_t> pareto_front(const std::vector<double>& x, const std::vector<double>& y,
                                      bool x_higher_is_better, bool y_higher_is_better) {
  const std::size_t n = std::min(x.size(), y.size());
  auto at_least_as_good = [](double a, double b, bool higher) { return higher ? a >= b : a <= b; };
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::isnan(x[i]) || std::isnan(y[i])) continue;
    bool dominated = false;
    for (std::size_t j = 0; j < n && !dominated; ++j) {
      if (j == i || std::isnan(x[j]) || std::isnan(y[j])) continue;
      dominated = at_least_as_good(x[j], x[i], x_higher_is_better) && at_least_as_good(y[j], y[i], y_higher_is_better) &&
                  (x[j] != x[i] || y[j] != y[i]);
    }
    if (!dominated) out.push_back(i);
  }
  return out;
}

}  // namespace aiperf
