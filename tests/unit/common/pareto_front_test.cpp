// The Pareto front shared by the sweep aggregate and the comparison charts.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "common/pareto_front.h"

namespace aiperf {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(ParetoFront, KeepsTheNonDominatedPointsForEachDirection) {
  // x = latency (lower better), y = throughput (higher better).
  const std::vector<double> x{10, 20, 15, 30, 25};
  const std::vector<double> y{100, 300, 90, 350, 200};
  EXPECT_EQ(pareto_front(x, y, false, true), (std::vector<size_t>{0, 1, 3}));
  // Both higher-is-better: only (30, 350) survives.
  EXPECT_EQ(pareto_front(x, y, true, true), (std::vector<size_t>{3}));
}

TEST(ParetoFront, EqualPointsBothStayAndNaNNeverBelongs) {
  const std::vector<double> x{1, 1, kNaN};
  const std::vector<double> y{5, 5, 9};
  EXPECT_EQ(pareto_front(x, y, false, true).size(), 2u);
}

}  // namespace
}  // namespace aiperf
