#pragma once
// Per-entry ISL/OSL draws (workloads-and-endpoints.md §2.4).
#include <cstdint>
#include <random>

namespace aiperf {

// Python's round(): halves go to the even neighbour (2.5 -> 2, 3.5 -> 4).
int64_t round_half_even(double x);

// Upstream's sample_positive_normal_integer: stddev <= 0 gives max(1, round(mean));
// otherwise Normal(mean, stddev) draws, rejecting negatives (at most 10 000 tries, then the
// clamped mean), returned as max(1, ceil(sample)).
int64_t sample_positive_normal_integer(double mean, double stddev, std::mt19937_64& rng);

// --random-range-ratio R (vllm bench serve's range): uniform in [max(1, ⌊m·(1−R)⌋), ⌈m·(1+R)⌉].
int64_t sample_length_in_range(int64_t mean, double ratio, std::mt19937_64& rng);

}  // namespace aiperf
