#pragma once
// What went wrong with one request, in upstream's ErrorDetails shape {code, type, message}.
// Two records' errors are "the same error" for the error summary when all three fields match.
#include <optional>
#include <string>

namespace aiperf {

struct ErrorDetails {
  std::optional<int> code;  // HTTP status or 499/502-style synthetic code; absent for exceptions
  std::string type;         // reason phrase ("Internal Server Error") or error class name
  std::string message;      // response body or exception text

  bool operator==(const ErrorDetails&) const = default;
};

// A request still running when its phase was cut off (the grace period ran out, or the run
// was interrupted). Constant, so these share one error-summary row; the record keeps the time.
inline constexpr const char* kPhaseEndCancellationMessage =
    "Request was cancelled: the benchmark stopped before its response was complete "
    "(grace period over, or the run was interrupted)";

}  // namespace aiperf
