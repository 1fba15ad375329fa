#pragma once
// --goodput "tag:value tag:value ..." (metrics-and-outputs.md §3): the syntax only; whether a
// tag names a metric that exists in this run is the metrics plane's check.
#include <string>
#include <vector>

#include "config/profile_config.h"

namespace aiperf {

// Each item holds one or more whitespace-separated `tag:value` pairs; the value is a finite
// number >= 0. Throws ConfigError naming --goodput and the pair at fault.
std::vector<GoodputTarget> parse_goodput_flag(const std::vector<std::string>& items);

}  // namespace aiperf
