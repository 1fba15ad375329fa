#pragma once
// `aiperf profile`: builds the workload, runs the phases, and writes the results.
#include "config/profile_config.h"

namespace aiperf {

// Returns the process exit code (cli-and-load.md §7).
int run_profile(const ProfileConfig& config);

}  // namespace aiperf
