#pragma once
// One shard's part of a benchmark split over `count` processes (docs/cluster.md). The
// partition is a pure function of the numbering the single process would have used, so the
// shards together make the run one process would have made: credit n of a phase belongs to
// shard n mod count; in an open loop arrival k of the one seeded timeline belongs to shard
// k mod count; a trace replay's entry (a whole session) k likewise; user-centric user slot u
// likewise (its replacements stay in its slot); closed-loop concurrency, a concurrency or
// prefill ceiling, the request count and the session count are split as evenly as the
// residues split them.
#include <cstdint>
#include <vector>

namespace aiperf {

struct PhaseSpec;

struct ShardSlice {
  uint64_t index = 0;
  uint64_t count = 1;

  bool sharded() const { return count > 1; }
  bool owns(uint64_t k) const { return k % count == index; }
  // The single process's number of this shard's `local`-th item.
  uint64_t global(uint64_t local) const { return local * count + index; }
  // How many of 0..total-1 this shard owns.
  uint64_t share(uint64_t total) const { return total / count + (index < total % count ? 1 : 0); }
};

// Turns the whole run's phases into this shard's. Throws ConfigError when a phase cannot be
// split (adaptive scale has one controller; a concurrency below the shard count leaves a
// shard nothing to hold).
void slice_phases(std::vector<PhaseSpec>& phases, ShardSlice slice);

}  // namespace aiperf
