#pragma once
// One benchmark split across several client processes or machines (docs/cluster.md):
// --num-shards N --shard-index I --shard-rendezvous HOST:PORT --shard-timeout SECONDS.
// What the options leave open is taken from the engine's environment (cluster/shard_environment.h).
#include <cstdint>
#include <optional>
#include <string>

namespace aiperf {

struct ShardSettings {
  std::optional<int64_t> num_shards;        // --num-shards
  std::optional<int64_t> shard_index;       // --shard-index
  std::optional<std::string> rendezvous;    // --shard-rendezvous HOST[:PORT] (shard 0's address)
  double shard_timeout_s = 300.0;           // --shard-timeout: how long the rendezvous waits
};

}  // namespace aiperf
