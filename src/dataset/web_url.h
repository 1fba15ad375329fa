#pragma once
// An http:// or https:// URL: media a request passes on as a link rather than inlining.
#include <string_view>

namespace aiperf {

inline bool is_web_url(std::string_view s) { return s.starts_with("http://") || s.starts_with("https://"); }

}  // namespace aiperf
