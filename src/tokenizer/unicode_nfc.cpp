#include "tokenizer/unicode_nfc.h"

namespace aiperf {

std::string to_nfc(std::string_view text) { return std::string(text); }

}  // namespace aiperf
