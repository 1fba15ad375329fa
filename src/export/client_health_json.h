#pragma once
// The `client_health` object of profile_export_aiperf.json (ours, not upstream's).
#include <nlohmann/json.hpp>

#include "metrics/client_health.h"

namespace aiperf {

nlohmann::ordered_json client_health_json(const ClientHealth& health);

}  // namespace aiperf
