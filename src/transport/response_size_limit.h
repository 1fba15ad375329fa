#pragma once
// The most body bytes one response may bring (AIPERF_HTTP_MAX_RESPONSE_BYTES). Upstream sets
// no limit; ours keeps a runaway server from exhausting memory, and keeps every body offset
// within the 32 bits a ResponseChunk stores. An over-limit response becomes that request's
// error record (ResponseTooLargeError); the run goes on.
#include <cstdint>

namespace aiperf {

inline constexpr uint64_t kDefaultMaxResponseBytes = uint64_t(1) << 30;  // 1 GiB
inline constexpr uint64_t kHighestMaxResponseBytes = UINT32_MAX;        // ResponseChunk offsets

// Reads AIPERF_HTTP_MAX_RESPONSE_BYTES (a whole number of bytes, 1 .. 4294967295); unset or
// empty: the default. Throws ConfigError naming the variable on anything else.
uint64_t max_response_bytes_from_env();

}  // namespace aiperf
