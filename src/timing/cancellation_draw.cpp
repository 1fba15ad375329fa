#include "timing/cancellation_draw.h"

#include <cmath>

#include "common/rng_stream.h"

namespace aiperf {
namespace {

// SplitMix64's output for position `n` of the stream starting at `key` (random access).
uint64_t splitmix64_at(uint64_t key, uint64_t n) {
  uint64_t z = key + (n + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr double kTwoPow53 = 9007199254740992.0;

}  // namespace

CancellationDraw::CancellationDraw(double rate_percent, double delay_s, std::optional<uint64_t> seed)
    : key_(make_rng_stream(seed, "timing.request_cancellation")()),
      threshold_(rate_percent > 0 ? uint64_t(std::ceil(rate_percent / 100.0 * kTwoPow53)) : 0),
      always_(rate_percent >= 100),
      delay_ns_(int64_t(std::llround(delay_s * 1e9))) {}

int64_t CancellationDraw::cancel_after_ns(uint64_t request_num) const {
  if (!enabled()) return -1;
  // U = top 53 bits / 2^53 in [0,1); U < p  <=>  bits < p·2^53 (ceil: exact for p·2^53 integral).
  const bool cancel = always_ || (splitmix64_at(key_, request_num) >> 11) < threshold_;
  return cancel ? delay_ns_ : -1;
}

}  // namespace aiperf
