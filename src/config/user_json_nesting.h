#pragma once
// The nesting check every parse of user JSON goes through (common/json_nesting.h says why),
// as a ConfigError that names where the text came from.
#include <cstddef>
#include <string>
#include <string_view>

namespace aiperf {

// Throws ConfigError("<where>: nesting too deep (limit 512)") when `text` nests deeper than
// kMaxJsonNesting. `first_line` > 0 is the file line `text` starts on: the message then reads
// "<where>, line N: ..." with the line of the offending bracket.
void require_json_nesting(std::string_view text, const std::string& where, size_t first_line = 0);

}  // namespace aiperf
