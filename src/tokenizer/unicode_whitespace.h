#pragma once
// Unicode White_Space (what Rust's char::is_whitespace and PCRE2's \s with UCP accept).
#include <cstddef>
#include <string_view>

namespace aiperf {

bool is_unicode_whitespace(char32_t cp);

// Byte length of the whitespace character starting at s[i] / ending at s[end], or 0.
size_t whitespace_length_at(std::string_view s, size_t i);
size_t whitespace_length_before(std::string_view s, size_t end);

}  // namespace aiperf
