#pragma once
// ISO-8601 timestamps in trace files (sagemaker_data_capture, tracelab).
#include <optional>
#include <string>

namespace aiperf {

// "2026-03-02T10:15:04Z" (fractional seconds and a +HH:MM offset also accepted; no zone is
// taken as UTC) -> Unix ms; nullopt when malformed.
std::optional<double> iso8601_ms(const std::string& s);

}  // namespace aiperf
