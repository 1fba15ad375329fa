#pragma once
// %XX escapes (RFC 3986 §2.1) turned back into bytes: SigV4 canonical queries, URL user-info.
#include <string>
#include <string_view>

namespace aiperf {

// A '%' not followed by two hex digits is kept as it is.
std::string percent_decode(std::string_view text);

}  // namespace aiperf
