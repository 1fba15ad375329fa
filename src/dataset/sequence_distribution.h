#pragma once
// Drawing from a --seq-dist mixture (workloads-and-endpoints.md §2.4–2.5).
#include <cstddef>
#include <random>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

// Index of a bucket chosen with probability weight / total weight. `buckets` is non-empty
// with a positive total (the CLI checks). Uses the top 53 bits of one draw, so the choice
// does not depend on the standard library's distribution implementations.
size_t pick_bucket(const std::vector<SequenceLengthBucket>& buckets, std::mt19937_64& rng);

}  // namespace aiperf
