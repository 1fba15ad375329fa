#pragma once
// Upstream names conversations "session_000000", "session_000001", … when the run is seeded
// (so inputs.json is reproducible) and with random UUIDs otherwise.
#include <cstddef>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

std::string default_conversation_id(const DatasetSettings& config, size_t index);

}  // namespace aiperf
