#pragma once
// Inputs the file-format harnesses leave out for now, because the loaders do not bound them yet
// (issue 16: depth limits on user JSON, and refusing prompt sizes that cannot be built are
// being added separately): JSON nested deeper than kMaxNesting, which overflows the stack in
// nlohmann's recursive parser and serialiser, and numbers of more than kMaxDigits digits or with
// an exponent, which ask for prompts of up to 1e11 tokens and run the machine out of memory.
// Counted naively (brackets inside strings too): rejecting a few more inputs costs nothing.
#include <cstddef>
#include <string_view>

namespace aiperf::fuzz {

inline constexpr size_t kMaxNesting = 64;
inline constexpr size_t kMaxDigits = 5;

inline bool within_loader_bounds(std::string_view text) {
  size_t depth = 0, digits = 0;
  char previous = 0;
  for (char c : text) {
    if (c == '[' || c == '{') {
      if (++depth > kMaxNesting) return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    const bool digit = c >= '0' && c <= '9';
    digits = digit ? digits + 1 : 0;
    if (digits > kMaxDigits) return false;
    if (digit && (previous == 'e' || previous == 'E')) return false;
    previous = c;
  }
  return true;
}

}  // namespace aiperf::fuzz
