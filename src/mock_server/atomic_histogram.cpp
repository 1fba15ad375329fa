#include "mock_server/atomic_histogram.h"

#include <algorithm>
#include <cmath>

namespace aiperf::mock {

AtomicHistogram::AtomicHistogram(std::span<const double> bounds_s)
    : bounds_s_(bounds_s), counts_(std::make_unique<std::atomic<uint64_t>[]>(bounds_s.size() + 1)) {
  bounds_ns_.reserve(bounds_s.size());
  for (double b : bounds_s) bounds_ns_.push_back(std::llround(b * 1e9));
}

void AtomicHistogram::observe_ns(int64_t ns, uint64_t n) {
  ns = std::max<int64_t>(ns, 0);
  // The first bound >= ns: `le` is inclusive. Past the last bound, the +Inf bucket.
  const size_t i = size_t(std::lower_bound(bounds_ns_.begin(), bounds_ns_.end(), ns) - bounds_ns_.begin());
  // One writer: load + store instead of fetch_add keeps the lock prefix off the serving path.
  counts_[i].store(counts_[i].load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  sum_ns_.store(sum_ns_.load(std::memory_order_relaxed) + ns * int64_t(n), std::memory_order_relaxed);
}

void AtomicHistogram::add_to(std::span<uint64_t> counts, int64_t& sum_ns) const {
  for (size_t i = 0; i <= bounds_ns_.size() && i < counts.size(); ++i)
    counts[i] += counts_[i].load(std::memory_order_relaxed);
  sum_ns += sum_ns_.load(std::memory_order_relaxed);
}

}  // namespace aiperf::mock
