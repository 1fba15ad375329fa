#include "config/env_number.h"

#include <cerrno>
#include <cstdlib>

#include "config/profile_config.h"

namespace aiperf {

uint64_t env_whole_number(const char* name, uint64_t lowest, uint64_t highest, uint64_t fallback,
                          const std::string& what) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  // strtoull takes a sign and leading blanks; a knob takes digits only.
  if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE || v < lowest || v > highest)
    throw ConfigError(std::string(name) + ": expected a whole number " + what + "from " + std::to_string(lowest) +
                      " to " + std::to_string(highest) + ", got '" + text + "'");
  return v;
}

}  // namespace aiperf
