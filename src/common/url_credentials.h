#pragma once
// The user-info of a URL (`user:password@`) is a secret: every place that shows or stores a URL
// the user gave goes through these.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace aiperf {

// Where the authority of `url` starts and ends (the scheme may be missing).
std::pair<size_t, size_t> url_authority_span(std::string_view url);

// The '@' that ends a user-info inside the authority (the last one: a password may hold a raw
// '@'), or npos.
size_t url_user_info_end(std::string_view url);

// `text` with each URL's user-info replaced by "<redacted>@" (a comma list: each URL), for
// anything that echoes a URL: the recorded command line, notices, artifacts.
std::string redact_url_credentials(std::string_view text);

// `url` without its user-info at all, where a file's field must hold a usable URL.
std::string strip_url_credentials(std::string_view url);

}  // namespace aiperf
