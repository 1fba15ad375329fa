#pragma once
// Upstream `aiperf profile` flags that aiperf-cpp does not implement yet. They are known to
// the parser so that using one gives "`--request-rate` is not supported yet by aiperf-cpp"
// instead of "unknown option".
#include <span>
#include <string_view>

namespace aiperf {

std::span<const std::string_view> unsupported_profile_flags();

}  // namespace aiperf
