#pragma once
// Small non-cryptographic hashes behind the dataset's reproducible keys: the same input gives the
// same value on every run and platform.
#include <cstdint>
#include <string_view>

namespace aiperf {

// SplitMix64's step and finaliser: a well-mixed 64-bit value per input. Hash-id blocks pick their
// corpus window with it (hash_block_text.cpp, hash_id_prompts.cpp), so both must mix alike.
constexpr uint64_t hash_mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// 64-bit FNV-1a: random stream names (rng_stream.cpp) and agent-trace ids become seeds and keys.
constexpr uint64_t fnv1a64(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

}  // namespace aiperf
