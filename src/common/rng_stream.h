#pragma once
// Independent random streams per purpose, like upstream's per-identifier child seeds
// ("dataset.prompt.length", "dataset.prompt.corpus", ...): adding draws to one stream never
// shifts another. Same --random-seed, same streams; no seed, fresh entropy.
// Self-consistent only: the values differ from Python AIPerf's for the same seed.
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>

namespace aiperf {

std::mt19937_64 make_rng_stream(std::optional<uint64_t> seed, std::string_view stream);

}  // namespace aiperf
