#include "transport/response_size_limit.h"

#include <cerrno>
#include <cstdlib>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

uint64_t max_response_bytes_from_env() {
  const char* text = std::getenv("AIPERF_HTTP_MAX_RESPONSE_BYTES");
  if (!text || !*text) return kDefaultMaxResponseBytes;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE || v == 0 || v > kHighestMaxResponseBytes)
    throw ConfigError(std::string("AIPERF_HTTP_MAX_RESPONSE_BYTES: expected a whole number of bytes from 1 to ") +
                      std::to_string(kHighestMaxResponseBytes) + ", got '" + text + "'");
  return v;
}

}  // namespace aiperf
