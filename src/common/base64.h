#pragma once
// Standard base64 (RFC 4648 §4, with '=' padding), for media embedded in request bodies.
#include <optional>
#include <string>
#include <string_view>

namespace aiperf {

std::string base64_encode(std::string_view bytes);
// The bytes of standard base64 text (padding optional; ASCII whitespace ignored, as line-wrapped
// files have it); nullopt when a character is outside the alphabet or the length is impossible.
std::optional<std::string> base64_decode(std::string_view text);
// The same, appending the bytes to `out` (no allocation of its own, for tables decoded into one
// arena); false, with `out` as it was, on malformed text.
bool base64_decode_append(std::string_view text, std::string& out);

}  // namespace aiperf
