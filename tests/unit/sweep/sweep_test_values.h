#pragma once
// Values several sweep tests share: Student's t critical values, the SLA filter the planner tests
// search under, and one coordinate of a point set.
#include <cstddef>
#include <vector>

#include "sweep/search_types.h"

namespace aiperf::sweep_test {

constexpr double kT975_1 = 12.706205;  // t(0.975, 1): 95 %, two-sided, df 1
constexpr double kT975_2 = 4.302653;   // t(0.975, 2): 95 %, two-sided, df 2

inline const SlaFilter kTtft{"time_to_first_token", "p99", SlaOp::le, 600};

// Coordinate `d` of every point.
inline std::vector<double> column(const std::vector<std::vector<double>>& points, size_t d) {
  std::vector<double> c;
  for (const auto& p : points) c.push_back(p[d]);
  return c;
}

}  // namespace aiperf::sweep_test
