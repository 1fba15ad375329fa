#pragma once
// DCGM exporter URLs as --gpu-telemetry gives them (metrics-and-outputs.md §8.1); the flag's
// tokens themselves are read by the CLI (cli/telemetry_conversion.cpp).
#include <string>

namespace aiperf {

// "node1:9400" → "http://node1:9400/metrics": http:// added when no scheme is given, /metrics
// when no path is (dcgm-exporter serves nothing else); a path given is kept.
std::string normalize_dcgm_url(const std::string& url);

}  // namespace aiperf
