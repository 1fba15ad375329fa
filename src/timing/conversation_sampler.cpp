#include "timing/conversation_sampler.h"

namespace aiperf {
namespace {

// SplitMix64's finaliser: a well-mixed 64-bit hash of x.
uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Lemire's multiply-shift: a 64-bit hash onto [0, size) without a division.
uint32_t onto(uint64_t hash, uint32_t size) { return uint32_t(((hash >> 32) * uint64_t(size)) >> 32); }

}  // namespace

uint32_t permuted_index(uint32_t i, uint32_t size, uint64_t key) {
  if (size <= 1) return 0;
  unsigned bits = 0;
  while ((uint64_t(1) << bits) < size) ++bits;
  bits += bits & 1;  // even, so the two halves are the same width
  const unsigned half = bits / 2;
  const uint64_t mask = (uint64_t(1) << half) - 1;
  uint64_t x = i;
  do {
    uint64_t left = x >> half, right = x & mask;
    for (uint64_t round = 0; round < 4; ++round) {
      const uint64_t next = left ^ (mix64(right ^ mix64(key + round)) & mask);
      left = right;
      right = next;
    }
    x = (left << half) | right;
  } while (x >= size);
  return uint32_t(x);
}

uint32_t ConversationSampler::pick(uint64_t n, uint32_t size) const {
  if (size <= 1) return 0;
  switch (strategy_) {
    case SamplingStrategy::random:
      return onto(mix64(seed_ ^ mix64(n)), size);
    case SamplingStrategy::shuffle:
      return permuted_index(uint32_t(n % size), size, mix64(seed_ + mix64(n / size + 1)));
    case SamplingStrategy::sequential:
      break;
  }
  return uint32_t(n % size);
}

}  // namespace aiperf
