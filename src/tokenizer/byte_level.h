#pragma once
// GPT-2's reversible byte <-> printable code point mapping used by byte-level BPE vocabularies:
// printable Latin-1 bytes map to themselves, the other 68 bytes to U+0100 upwards.
#include <string>
#include <string_view>

namespace aiperf::byte_level {

char32_t code_point_for_byte(unsigned char b);

// The byte a code point stands for, or -1 when it is not part of the mapping.
int byte_for_code_point(char32_t cp);

// Every byte of `bytes` replaced by its mapped code point (UTF-8 encoded), appended to out.
void encode(std::string_view bytes, std::string& out);

// Inverse of encode; returns false (leaving out partly written) when a code point is unmapped.
bool decode(std::string_view mapped, std::string& out);

}  // namespace aiperf::byte_level
