#pragma once
// Whole numbers read from environment variables (the AIPERF_* tuning knobs), checked the same
// way everywhere: digits only, within the variable's range, or a ConfigError naming it.
#include <cstdint>
#include <string>

namespace aiperf {

// The value of `name`; unset or empty: `fallback`. Anything but a whole number from `lowest`
// to `highest` throws "NAME: expected a whole number <what> from L to H, got 'text'".
// `what` names the unit ("of bytes "), or is empty.
uint64_t env_whole_number(const char* name, uint64_t lowest, uint64_t highest, uint64_t fallback,
                          const std::string& what = "");

}  // namespace aiperf
