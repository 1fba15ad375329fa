#pragma once
// Checks for option values that end up in the request head (request line or a header), where
// a CR or LF would smuggle in extra header lines and a space or non-ASCII byte would make the
// request line invalid (RFC 9112 §3, RFC 9110 §5.5).
#include <string>
#include <string_view>

namespace aiperf {

// A control byte (below 0x20, or 0x7f): never valid in a request head.
bool is_control_byte(unsigned char c);

// An HTTP token (RFC 9110 §5.6.2): what a header name must be.
bool is_http_token(std::string_view text);

// Throws ConfigError("<flag>: contains a control character ...") when `value` has a control byte.
// The message never includes `value`, which may be a secret (--api-key).
void require_no_control_bytes(std::string_view flag, std::string_view value);

// A URL path and query made safe for the request line: control bytes and whitespace are refused
// (ConfigError naming `flag`), bytes that may not appear in a request target (non-ASCII, and
// " < > \ ^ ` { | }) are percent-encoded, and existing %XX escapes are kept as written.
std::string encode_request_target(std::string_view flag, std::string_view text);

}  // namespace aiperf
