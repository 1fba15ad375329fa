#include "metrics/spill_space.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "config/env_number.h"
#include "config/profile_config.h"

namespace aiperf {

SpillSettings spill_settings_from_env() {
  SpillSettings s;
  if (const char* dir = std::getenv("AIPERF_METRICS_SPILL_DIR"); dir && *dir) s.dir = dir;
  else if (const char* tmp = std::getenv("TMPDIR"); tmp && *tmp) s.dir = tmp;
  if (const char* text = std::getenv("AIPERF_METRICS_SPILL_SAMPLES"); text && *text) {
    s.samples_in_memory = size_t(env_whole_number("AIPERF_METRICS_SPILL_SAMPLES", 1, SIZE_MAX / 2, 0));
    s.intervals_in_memory = std::max<size_t>(s.samples_in_memory / 4, 1);
    s.slice_records_in_memory = std::max<size_t>(s.samples_in_memory / 64, 1);
  }
  try {
    SpillFile probe(s.dir);  // refused now, not hours into a run
  } catch (const std::runtime_error& e) {
    throw ConfigError(e.what());
  }
  return s;
}

}  // namespace aiperf
