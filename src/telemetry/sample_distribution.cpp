#include "telemetry/sample_distribution.h"

#include <cmath>

namespace aiperf {

std::optional<DistributionStats> describe_samples(const std::vector<double>& values) {
  std::optional<DistributionStats> d = describe(values);
  if (!d) return std::nullopt;
  double ss = 0;
  for (double v : values)
    if (std::isfinite(v)) ss += (v - d->avg) * (v - d->avg);
  d->std = d->count >= 2 ? std::sqrt(ss / double(d->count - 1)) : 0.0;
  return d;
}

}  // namespace aiperf
