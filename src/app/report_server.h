// `aiperf plot --dashboard`: serves the plot directory (report.html at /, the PNGs beside it)
// over HTTP on host:port until Ctrl-C. The page is self-contained, so the server only hands out
// files: no state, nothing computed per request.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace aiperf {

// Blocks until SIGINT or SIGTERM; returns 0 then. Throws std::runtime_error naming host:port
// when the address cannot be bound. `on_ready` text is printed once listening (the URL).
int serve_report_directory(const std::filesystem::path& dir, const std::string& host, uint16_t port);

}  // namespace aiperf
