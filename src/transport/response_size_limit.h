#pragma once
// The most body bytes one response may bring (AIPERF_HTTP_MAX_RESPONSE_BYTES). Upstream sets
// no limit; ours keeps a runaway server from exhausting memory, and keeps every body offset
// within the 32 bits a ResponseChunk stores. An over-limit response becomes that request's
// error record (ResponseTooLargeError); the run goes on.
#include <cstdint>

#include "config/env_settings.h"  // kDefaultMaxResponseBytes, kHighestMaxResponseBytes

namespace aiperf {


// AIPERF_HTTP_MAX_RESPONSE_BYTES (env_settings.h): a whole number of bytes, 1 .. 4294967295.
uint64_t max_response_bytes_from_env();

}  // namespace aiperf
