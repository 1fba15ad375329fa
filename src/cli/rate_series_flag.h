#pragma once
// --request-rate-series FILE (cli-and-load.md §4.2.2): a JSON array, or {"points": [...]}, of
// {"time_s": >= 0, "qps": > 0} with at least two points and strictly increasing time_s.
#include <string>
#include <string_view>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

// Throws ConfigError naming `flag`, the file and the point at fault.
std::vector<RateSeriesPoint> load_rate_series(std::string_view flag, const std::string& path);

}  // namespace aiperf
