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

}  // namespace aiperf
