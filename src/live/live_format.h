#pragma once
// Short number and time formats shared by the dashboard and the simple progress lines.
#include <cstdint>
#include <optional>
#include <string>

namespace aiperf {

// "00:07", "12:34", "1:02:03"; "--:--" when absent or not finite.
std::string format_clock(std::optional<double> seconds);
// "1,234,567"
std::string format_count(uint64_t n);
// "12.3 MiB", "512 B"
std::string format_bytes(uint64_t bytes);
// One decimal below 100, none above: "4.2", "45.2", "1,234"
std::string format_rate(double per_second);
// "24.7%"
std::string format_percent(double fraction);

}  // namespace aiperf
