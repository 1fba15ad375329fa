#include "common/rng_stream.h"

#include "common/stable_hash.h"

namespace aiperf {

std::mt19937_64 make_rng_stream(std::optional<uint64_t> seed, std::string_view stream) {
  uint64_t root = seed ? *seed : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
  uint64_t id = fnv1a64(stream);
  // std::seed_seq's mixing is fully specified by the standard, so streams are portable.
  std::seed_seq seq{uint32_t(root), uint32_t(root >> 32), uint32_t(id), uint32_t(id >> 32)};
  return std::mt19937_64(seq);
}

}  // namespace aiperf
