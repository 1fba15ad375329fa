#pragma once
// The vocabulary of generated replies. Every entry is one "token": a leading space followed by
// one ASCII word, so a whitespace word counter over the concatenated reply counts exactly the
// tokens emitted, and no entry ever needs JSON escaping.
#include <span>
#include <string_view>

namespace aiperf::mock {

std::span<const std::string_view> mock_words();

}  // namespace aiperf::mock
