#pragma once
// One shard's wall clock against shard 0's, estimated from NTP-style ping exchanges
// (docs/cluster.md). The exchange with the smallest round trip wins: its queueing delays
// are the smallest, so its asymmetry, the estimate's only error, is bounded tightest.
#include <cstdint>
#include <functional>

namespace aiperf {

// A shard's wall clock, ns since the epoch; injected so tests can give each shard a skew.
using WallClock = std::function<int64_t()>;

struct ShardClock {
  int64_t offset_ns = 0;       // this shard's wall clock minus shard 0's (shard 0: 0)
  int64_t uncertainty_ns = 0;  // half the best round trip: the true offset lies within offset ± this
  int64_t round_trip_ns = 0;   // the best (smallest) round trip among the samples
  int samples = 0;
};

// One exchange: the client sends at t0 (its clock), shard 0 receives at t1 and answers at
// t2 (its clock), the client receives the answer at t3 (its clock).
struct PingStamps {
  int64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0;
};

class ClockOffsetEstimator {
 public:
  void add(const PingStamps& s);
  // Zeros until the first usable sample.
  const ShardClock& best() const { return best_; }
  bool has_estimate() const { return have_best_; }

 private:
  ShardClock best_;
  bool have_best_ = false;
};

}  // namespace aiperf
