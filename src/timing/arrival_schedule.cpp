#include "timing/arrival_schedule.h"

#include <algorithm>
#include <cmath>

#include "common/rng_stream.h"

namespace aiperf {

namespace {

// Upstream's AIPERF_TIMING_RATE_RAMP_UPDATE_INTERVAL.
constexpr int64_t kRampStepNs = 100'000'000;

}  // namespace

ArrivalGaps::ArrivalGaps(ArrivalPattern pattern, double smoothness, std::optional<uint64_t> seed)
    : pattern_(pattern),
      rng_(make_rng_stream(seed, "timing.request_rate.arrivals")),
      gamma_(smoothness > 0 ? smoothness : 1.0, smoothness > 0 ? 1.0 / smoothness : 1.0) {}

int64_t ArrivalGaps::next_gap_ns(double rate) {
  double unit = 1.0;
  switch (pattern_) {
    case ArrivalPattern::constant: break;
    case ArrivalPattern::poisson: unit = exponential_(rng_); break;
    case ArrivalPattern::gamma: unit = gamma_(rng_); break;
  }
  return std::llround(unit * 1e9 / rate);
}

double ramped_rate(double target, int64_t ramp_ns, int64_t elapsed_ns) {
  if (ramp_ns <= 0 || elapsed_ns >= ramp_ns) return target;
  const double ramp_s = double(ramp_ns) / 1e9;
  const double start = std::min(target, target * (0.1 / ramp_s));
  const int64_t stepped = elapsed_ns < 0 ? 0 : elapsed_ns / kRampStepNs * kRampStepNs;
  return start + (target - start) * double(stepped) / double(ramp_ns);
}

double series_rate(const std::vector<RateSeriesPoint>& series, int64_t elapsed_ns) {
  const double t = double(elapsed_ns) / 1e9;
  if (t <= series.front().time_s) return series.front().qps;
  for (size_t i = 1; i < series.size(); ++i) {
    const RateSeriesPoint& a = series[i - 1];
    const RateSeriesPoint& b = series[i];
    if (t < b.time_s) return a.qps + (b.qps - a.qps) * (t - a.time_s) / (b.time_s - a.time_s);
  }
  return series.back().qps;
}

int64_t ramped_limit(int64_t target, int64_t ramp_ns, int64_t elapsed_ns) {
  if (ramp_ns <= 0 || target <= 1 || elapsed_ns >= ramp_ns) return target;
  if (elapsed_ns <= 0) return 1;
  // long double: (target−1)·elapsed in ns overflows int64 for long ramps at high concurrency.
  return 1 + int64_t((long double)(target - 1) * elapsed_ns / ramp_ns);
}

}  // namespace aiperf
