#pragma once
// The distribution of telemetry samples (GPU gauges, §8.3; server gauges, §9.2): describe()'s
// avg, min, max and NumPy-linear percentiles, with the sample std (ddof = 1, 0 for one sample)
// upstream uses for telemetry rather than the ddof = 0 of inference metrics.
#include <optional>
#include <vector>

#include "metrics/statistics.h"

namespace aiperf {

// Non-finite values are dropped; nullopt when none is left.
std::optional<DistributionStats> describe_samples(const std::vector<double>& values);

}  // namespace aiperf
