#pragma once
// Levenshtein distance, for "did you mean" suggestions on misspelt names (options, environment
// variables, YAML keys).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `name`, when it is within `max_edits` edits; else "".
std::string nearest_name(std::string_view name, const std::vector<std::string>& candidates, size_t max_edits = 2);

}  // namespace aiperf
