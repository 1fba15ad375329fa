#pragma once
// Before a sharded run sends anything, its shards meet (docs/cluster.md): shard 0 listens on
// the rendezvous port, the others connect (retrying, since shard 0 may start later), every
// shard proves it runs the same configuration, measures its wall clock against shard 0's with
// NTP-style pings, and shard 0 announces one run id and one start instant. Then every socket
// closes; each process sleeps until start_wall_ns on its own.
#include <cstdint>
#include <string>
#include <vector>

#include "cluster/clock_offset.h"
#include "cluster/shard_environment.h"

namespace aiperf {

struct RendezvousRequest {
  ShardIdentity shard;
  // A hash of the configuration every shard must share; a shard whose differs is refused,
  // and shard 0 fails with the same message.
  std::string fingerprint;
  // The common start lies this far after shard 0 has heard from every shard: time for the
  // announcement to reach them and for each to get ready.
  int64_t start_lead_ns = 500'000'000;
  int ping_samples = 16;  // ping exchanges per shard; the smallest round trip wins
  WallClock clock;        // CLOCK_REALTIME when empty
};

struct RendezvousResult {
  std::string run_id;         // chosen by shard 0 (32 random hex digits), the same on every shard
  int64_t start_wall_ns = 0;  // the common start on THIS shard's clock (shard 0's start + offset)
  ShardClock clock;           // this shard's against shard 0's
  std::vector<ShardClock> shards;  // shard 0 only: every shard's, by index (index 0 all zero)
};

// Blocks until every shard has arrived, or throws std::runtime_error saying what is missing
// or who disagrees. Returns by shard.timeout_s plus about a second (a slow DNS answer aside).
// Not sharded (count 1): returns at once with a fresh run id and start = now.
RendezvousResult rendezvous(const RendezvousRequest& request);

}  // namespace aiperf
