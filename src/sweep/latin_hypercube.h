#pragma once
// Latin hypercube samples in [0, 1)^d for the YAML `sweep: {type: latin_hypercube, samples}`
// design (map them to the ranges with from_unit_cube, search_planner.h; Sobol samples for
// `type: sobol` are sobol_samples, sobol_sequence.h).
//
// Each dimension's axis is cut into n equal strata and every stratum holds exactly one sample:
// coordinate d of sample i is (π_d(i) + u_{i,d}) / n, with π_d an independent uniformly random
// permutation of 0..n−1 (Fisher–Yates) and u uniform in [0, 1) (or ½, the stratum centre, when
// `centered`). The RNG is std::mt19937_64(seed) with the bit-exact conversions written here,
// so a seed gives the same design on every platform and standard library.
#include <cstdint>
#include <vector>

namespace aiperf {

// samples ≥ 1 and dimensions ≥ 1, else std::invalid_argument.
std::vector<std::vector<double>> latin_hypercube(int samples, int dimensions, uint64_t seed, bool centered = false);

}  // namespace aiperf
