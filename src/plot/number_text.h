// Numbers as a person reads them on a chart: "12.5", "1,000,000", no float noise.
#pragma once

#include <cstddef>
#include <string>

namespace aiperf::plot {

// At most 3 significant decimals, trailing zeros dropped: 12.5, 0.125, 1200.
std::string format_number(double v);
// Thousands separated by commas: 1,000,000.
std::string format_count(std::size_t n);

}  // namespace aiperf::plot
