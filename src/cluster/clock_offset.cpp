#include "cluster/clock_offset.h"

namespace aiperf {

void ClockOffsetEstimator::add(const PingStamps& s) {
  // Client clock C = S + theta. With a = t1 - (t0 - theta) >= 0 (the way out) and
  // b = (t3 - theta) - t2 >= 0 (the way back), the estimate is theta + (b - a) / 2 and the
  // round trip a + b, so |estimate - theta| <= round trip / 2 whatever the asymmetry.
  const int64_t round_trip = (s.t3 - s.t0) - (s.t2 - s.t1);
  const int64_t offset = ((s.t0 - s.t1) + (s.t3 - s.t2)) / 2;
  ++best_.samples;
  // A negative round trip means a clock stepped mid-exchange: the sample says nothing.
  if (round_trip < 0 || (have_best_ && round_trip >= best_.round_trip_ns)) return;
  have_best_ = true;
  best_.offset_ns = offset;
  best_.round_trip_ns = round_trip;
  // Rounded up so the integer halving never makes the bound tighter than the truth.
  best_.uncertainty_ns = (round_trip + 1) / 2;
}

}  // namespace aiperf
