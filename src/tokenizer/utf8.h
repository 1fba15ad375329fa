#pragma once
// Minimal UTF-8 helpers the tokenizer needs: walking code points, encoding them, and making
// arbitrary bytes valid UTF-8 the way decoders of the reference implementations do.
#include <cstddef>
#include <string>
#include <string_view>

namespace aiperf::utf8 {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when the bytes there are not one
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
size_t valid_sequence_length(std::string_view s, size_t i);

// Decodes the valid sequence at s[i] (caller checked it with valid_sequence_length).
char32_t decode_at(std::string_view s, size_t i, size_t len);

void append(std::string& out, char32_t cp);

bool is_valid(std::string_view s);

// Replaces each maximal invalid subpart with U+FFFD (the WHATWG / Python "replace" rule).
std::string sanitize(std::string_view s);

}  // namespace aiperf::utf8
