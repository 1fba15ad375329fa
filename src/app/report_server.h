// `aiperf plot --dashboard`: serves the plot directory (report.html at /, the PNGs beside it)
// over HTTP on host:port until Ctrl-C. The page is self-contained, so the server only hands out
// files: no state, nothing computed per request.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace aiperf {

// Prints the URL once listening, then blocks until SIGINT or SIGTERM and returns 0. Throws
// std::runtime_error naming host:port when the address cannot be bound.
int serve_report_directory(const std::filesystem::path& dir, const std::string& host, uint16_t port);

}  // namespace aiperf
