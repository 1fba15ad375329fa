#pragma once
// Nanoseconds per second: records are timed in integer nanoseconds, rates are per second.
namespace aiperf {

inline constexpr double kNsPerSec = 1e9;

}  // namespace aiperf
