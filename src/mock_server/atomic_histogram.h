#pragma once
// A Prometheus histogram with fixed upper bounds that one thread writes and any thread reads:
// a count per bucket and the sum in whole ns, each a relaxed atomic. With a single writer an
// observation is two plain loads and stores (no locked RMW), so the serving path pays about
// what a counter costs; a reader sums the copies of all writers (vllm_metrics.h).
// A scrape racing an observation may see its bucket without its sum; the next scrape agrees.
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace aiperf::mock {

class AtomicHistogram {
 public:
  // `bounds_s`: ascending, finite upper bounds in seconds; +Inf is the implicit last bucket.
  explicit AtomicHistogram(std::span<const double> bounds_s);

  // The owning thread only: `n` observations of `ns` each. Values below 0 count as 0; a value
  // equal to a bound falls in that bound's bucket (Prometheus' `le`).
  void observe_ns(int64_t ns, uint64_t n = 1);

  // Any thread: adds the per-bucket counts (not cumulative; bounds().size() + 1 entries, the
  // last one +Inf) to `counts` and the sum to `sum_ns`.
  void add_to(std::span<uint64_t> counts, int64_t& sum_ns) const;

  std::span<const double> bounds() const { return bounds_s_; }

 private:
  std::span<const double> bounds_s_;
  std::vector<int64_t> bounds_ns_;  // the same bounds in whole ns: exact comparisons
  std::unique_ptr<std::atomic<uint64_t>[]> counts_;
  std::atomic<int64_t> sum_ns_{0};
};

}  // namespace aiperf::mock
