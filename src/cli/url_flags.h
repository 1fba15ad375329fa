#pragma once
// -u/--url values: `http://` is prepended when no scheme is given; only http and https pass.
// The value must be one a request line can carry: control characters and whitespace are
// refused, bytes a request target may not hold are percent-encoded, a #fragment (never sent) is
// dropped. User-info (`http://user:password@host`) is taken out of the URL as credentials: the
// URL shown, exported and used everywhere has none, and no message ever echoes it.
#include <string>
#include <string_view>
#include <vector>

#include "common/url_credentials.h"  // redact_url_credentials

namespace aiperf {

struct ParsedUrl {
  std::string url;          // normalised, without user-info
  std::string credentials;  // "user:password" percent-decoded, "" when the URL had none
};

ParsedUrl normalize_url(const std::string& text);

// Each value may itself be a comma list (upstream's str-or-list coercion).
std::vector<ParsedUrl> parse_urls(const std::vector<std::string>& values);


}  // namespace aiperf
