// A Chart as JSON: what `aiperf plot --dump-data` writes beside the PNGs (plot_data.json) and
// what report.html draws from. NaN and infinities become null.
#pragma once

#include <nlohmann/json.hpp>

#include "plot/chart.h"

namespace aiperf::plot {

nlohmann::json chart_to_json(const Chart& chart);

}  // namespace aiperf::plot
