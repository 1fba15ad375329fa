#pragma once
// -u/--url values: `http://` is prepended when no scheme is given; only http and https pass.
#include <string>
#include <vector>

namespace aiperf {

std::string normalize_url(const std::string& text);

// Each value may itself be a comma list (upstream's str-or-list coercion).
std::vector<std::string> parse_urls(const std::vector<std::string>& values);

}  // namespace aiperf
