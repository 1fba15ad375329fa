#pragma once
// Inter-arrival gaps of a request-rate phase (cli-and-load.md §4.2): constant 1/λ,
// exponential (Poisson arrivals), or Gamma(k, 1/(λk)) with mean 1/λ and CV 1/√k, the same
// parameterisation as vLLM's --burstiness.
//
// Each gap is drawn with unit mean and then divided by the rate in force, so a rate ramp
// stretches the same random sequence instead of consuming different draws. All draws come
// from one seeded stream on the issuer thread: the same --random-seed gives the same
// arrival times whatever the worker count.
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

class ArrivalGaps {
 public:
  // `smoothness` is the gamma shape k (ignored by the other patterns).
  ArrivalGaps(ArrivalPattern pattern, double smoothness, std::optional<uint64_t> seed);

  // Next gap in ns at `rate` requests/s (> 0).
  int64_t next_gap_ns(double rate);

 private:
  ArrivalPattern pattern_;
  std::mt19937_64 rng_;
  std::exponential_distribution<double> exponential_{1.0};
  std::gamma_distribution<double> gamma_;
};

// Rate in force `elapsed_ns` into a phase with a rate ramp (§4.5): start at R·(0.1/D), step
// every 0.1 s along the line to R, R from D on. No ramp (ramp_ns <= 0): R throughout.
double ramped_rate(double target, int64_t ramp_ns, int64_t elapsed_ns);

// Rate in force `elapsed_ns` into a phase under --request-rate-series (§4.2.2): linear between
// points, the first point's rate before it and — upstream leaves this open — the last
// point's rate after it. `series` has >= 2 points with increasing time_s.
double series_rate(const std::vector<RateSeriesPoint>& series, int64_t elapsed_ns);

// Concurrency limit in force `elapsed_ns` into a phase with a ramp (§4.5): 1 at the start,
// value v (2..target) from ramp·(v−1)/(target−1) on. No ramp: the target throughout.
int64_t ramped_limit(int64_t target, int64_t ramp_ns, int64_t elapsed_ns);

}  // namespace aiperf
