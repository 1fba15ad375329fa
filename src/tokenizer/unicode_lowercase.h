#pragma once
// Unicode full lowercase mapping applied character by character, as HuggingFace's Lowercase
// normalizer does (so no final-sigma rule).
#include <string>
#include <string_view>

namespace aiperf {

// `text` must be valid UTF-8.
std::string to_lowercase(std::string_view text);

}  // namespace aiperf
