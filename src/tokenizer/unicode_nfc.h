#pragma once
// Unicode Normalization Form C, for tokenizers whose normalizer is NFC (Qwen2/Qwen3).
#include <string>
#include <string_view>

namespace aiperf {

// `text` must be valid UTF-8. Text already in NFC (nearly all text) is returned unchanged.
std::string to_nfc(std::string_view text);

}  // namespace aiperf
