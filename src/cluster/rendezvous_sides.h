#pragma once
// The two sides of rendezvous() (cluster/rendezvous.h): shard 0 coordinates, every other
// shard joins. Callers go through rendezvous(), which routes by index.
#include <string>

#include "cluster/rendezvous.h"

namespace aiperf {

RendezvousResult coordinate_rendezvous(const RendezvousRequest& request, const WallClock& clock);
RendezvousResult join_rendezvous(const RendezvousRequest& request, const WallClock& clock);

// "300 s", "1.5 s": the timeout as the messages print it.
std::string rendezvous_seconds_text(double seconds);

}  // namespace aiperf
