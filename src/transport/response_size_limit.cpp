#include "transport/response_size_limit.h"

#include "config/env_number.h"

namespace aiperf {

uint64_t max_response_bytes_from_env() {
  return env_whole_number("AIPERF_HTTP_MAX_RESPONSE_BYTES", 1, kHighestMaxResponseBytes, kDefaultMaxResponseBytes,
                          "of bytes ");
}

}  // namespace aiperf
