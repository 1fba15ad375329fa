#include "transport/response_size_limit.h"

#include "config/env_settings.h"

namespace aiperf {

uint64_t max_response_bytes_from_env() {
  return env_settings().http_max_response_bytes;
}

}  // namespace aiperf
