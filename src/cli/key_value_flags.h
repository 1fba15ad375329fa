#pragma once
// --extra-inputs and -H/--header: repeatable `key:value` items or JSON object strings.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace aiperf {

// Each item is `key:value` (value JSON-decoded when it parses, else kept as a string) or a
// JSON object. Items merge left to right; a later key replaces an earlier one.
nlohmann::ordered_json parse_extra_inputs(const std::vector<std::string>& items);

// Each item is `Name:Value` or a JSON object of name -> value (non-strings are dumped).
std::vector<std::pair<std::string, std::string>> parse_headers(
    const std::vector<std::string>& items);

}  // namespace aiperf
