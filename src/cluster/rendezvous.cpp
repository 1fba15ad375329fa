#include "cluster/rendezvous.h"

#include <sstream>
#include <stdexcept>

#include "cluster/rendezvous_sides.h"
#include "common/clock.h"
#include "common/uuid.h"

namespace aiperf {

std::string rendezvous_seconds_text(double seconds) {
  std::ostringstream out;
  out << seconds << " s";
  return out.str();
}

RendezvousResult rendezvous(const RendezvousRequest& request) {
  const WallClock clock = request.clock ? request.clock : WallClock(wall_ns);
  const ShardIdentity& shard = request.shard;
  if (!shard.sharded()) {
    RendezvousResult result;
    result.run_id = uuid4_hex();
    result.start_wall_ns = clock();
    result.shards.resize(1);
    return result;
  }
  if (shard.index < 0 || shard.index >= shard.count)
    throw std::runtime_error("shard rendezvous: shard index " + std::to_string(shard.index) + " is not below " +
                             std::to_string(shard.count));
  if (shard.index == 0) return coordinate_rendezvous(request, clock);
  if (shard.rendezvous_host.empty())
    throw std::runtime_error("shard rendezvous: shard " + std::to_string(shard.index) +
                             " was not told where shard 0 waits");
  return join_rendezvous(request, clock);
}

}  // namespace aiperf
