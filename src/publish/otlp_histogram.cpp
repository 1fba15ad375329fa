#include "publish/otlp_histogram.h"

#include <algorithm>
#include <cmath>

namespace aiperf {

ExplicitHistogram::ExplicitHistogram(std::span<const double> bounds)
    : bounds_(bounds.begin(), bounds.end()), counts_(bounds.size() + 1, 0) {}

void ExplicitHistogram::add(double value) {
  if (!std::isfinite(value)) return;  // a NaN would poison sum, min and max for the whole run
  // First bound >= value: its bucket is the one whose inclusive upper bound holds the value.
  const size_t bucket = size_t(std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin());
  ++counts_[bucket];
  min_ = count_ == 0 ? value : std::min(min_, value);
  max_ = count_ == 0 ? value : std::max(max_, value);
  ++count_;
  sum_ += value;
}

}  // namespace aiperf
