#pragma once
// --dataset-sampling-strategy (cli-and-load.md §3.3; docs/prompts.md): which conversation the
// n-th session of the run takes. A pure function of (strategy, seed, n), so workers renewing
// credits on their own threads need no shared state, and a sharded run's shards pick exactly
// what one process would (n is the run-wide session number).
#include <cstdint>

#include "config/profile_config.h"

namespace aiperf {

class ConversationSampler {
 public:
  ConversationSampler() = default;  // sequential
  ConversationSampler(SamplingStrategy strategy, uint64_t seed) : strategy_(strategy), seed_(seed) {}

  // The conversation (in [0, size)) of session `n`:
  //   sequential: n mod size — every conversation in order, wrapping around;
  //   random: an independent uniform draw per session (with replacement);
  //   shuffle: pass n / size is a random permutation of all conversations (without
  //            replacement), a new permutation each pass.
  uint32_t pick(uint64_t n, uint32_t size) const;

  SamplingStrategy strategy() const { return strategy_; }

 private:
  SamplingStrategy strategy_ = SamplingStrategy::sequential;
  uint64_t seed_ = 0;
};

// A random permutation of [0, size) chosen by `key`, evaluated one position at a time: a
// four-round Feistel network over the smallest even power of two >= size, cycle-walking out
// of range values back into it (at most a few steps on average, as the domain is < 4 * size).
uint32_t permuted_index(uint32_t i, uint32_t size, uint64_t key);

}  // namespace aiperf
