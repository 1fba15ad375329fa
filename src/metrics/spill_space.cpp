#include "metrics/spill_space.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "config/env_settings.h"
#include "config/profile_config.h"

namespace aiperf {

SpillSettings spill_settings_from_env() {
  SpillSettings s;
  const EnvSettings& env = env_settings();
  if (!env.metrics_spill_dir.empty()) s.dir = env.metrics_spill_dir;
  else if (const char* tmp = std::getenv("TMPDIR"); tmp && *tmp) s.dir = tmp;
  s.samples_in_memory = size_t(env.metrics_spill_samples);
  s.intervals_in_memory = std::max<size_t>(s.samples_in_memory / 4, 1);
  s.slice_records_in_memory = std::max<size_t>(s.samples_in_memory / 64, 1);
  try {
    SpillFile probe(s.dir);  // refused now, not hours into a run
  } catch (const std::runtime_error& e) {
    throw ConfigError(e.what());
  }
  return s;
}

}  // namespace aiperf
