#pragma once
// A quiet NaN: what a chart series holds where a value is missing (not plotted, null in JSON).
#include <limits>

namespace aiperf::plot::test_values {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace aiperf::plot::test_values
