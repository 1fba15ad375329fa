#pragma once
// --seq-dist / --sequence-distribution (workloads-and-endpoints.md §2.5) in its three
// spellings: "ISL[|SD],OSL[|SD]:W;..." , "[(ISL[|SD],OSL[|SD]):W,...]" and
// {"pairs":[{"isl":..,"isl_stddev":..,"osl":..,"osl_stddev":..,"prob":..},...]}.
#include <string_view>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

// Throws ConfigError naming `flag` (as typed) and the offending piece. Lengths are integers
// >= 1, stddevs >= 0, weights >= 0 with a positive total (relative, not percentages).
std::vector<SequenceLengthBucket> parse_sequence_distribution(std::string_view flag,
                                                              std::string_view text);

}  // namespace aiperf
