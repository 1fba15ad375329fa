#pragma once
// Strict number parsing for flag values. Every error names the flag as the user typed it.
#include <cstdint>
#include <string>
#include <string_view>

namespace aiperf {

// Upstream's "magic" flags turn a comma list into a parameter sweep (cli/study_builder.cpp splits
// it before conversion); a comma that still arrives here, say in a YAML string, gets a clear error
// instead of a confusing number error.
enum class SweepList { one_value_of_a_sweep, not_applicable };

int64_t parse_int_flag(std::string_view flag, std::string_view text,
                       SweepList sweep = SweepList::not_applicable);
uint64_t parse_uint_flag(std::string_view flag, std::string_view text);
// Accepts `inf` / `infinity` (any case) only when allow_inf; never NaN.
double parse_float_flag(std::string_view flag, std::string_view text, bool allow_inf = false,
                        SweepList sweep = SweepList::not_applicable);

void require_at_least(std::string_view flag, int64_t value, int64_t min);
void require_at_least(std::string_view flag, double value, double min);
void require_greater_than(std::string_view flag, double value, double bound);

}  // namespace aiperf
