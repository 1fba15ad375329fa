#pragma once
// Unicode normalization forms: NFC for tokenizers whose normalizer is NFC (Qwen2/Qwen3), and
// NFD/NFKC/NFKD for the rarer normalizers of those names.
#include <string>
#include <string_view>

namespace aiperf {

enum class UnicodeForm { kNfc, kNfd, kNfkc, kNfkd };

// `text` must be valid UTF-8. Text already in NFC (nearly all text) is returned unchanged.
std::string to_nfc(std::string_view text);

// `text` must be valid UTF-8.
std::string normalize_unicode(std::string_view text, UnicodeForm form);

}  // namespace aiperf
