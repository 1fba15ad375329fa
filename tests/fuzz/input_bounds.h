#pragma once
// Inputs the file-format harnesses skip for speed, not for safety: numbers of more than
// kMaxDigits digits or with an exponent. The loaders refuse what cannot be built (at most 10 M
// tokens a prompt, config/dataset_size_limit.h), but a row that asks for a prompt of a few
// million tokens is legal and takes seconds to build, and a fuzzer stuck on such rows runs a few
// inputs a second instead of thousands. What those rows reach is the prompt builder, which the
// unit tests cover; the harnesses are after the parsers. Nesting is not bounded here: the
// loaders' own nesting check (common/json_nesting.h, 512 levels) is part of what is fuzzed.
#include <cstddef>
#include <string_view>

namespace aiperf::fuzz {

inline constexpr size_t kMaxDigits = 5;

inline bool within_loader_bounds(std::string_view text) {
  size_t digits = 0;
  char previous = 0;
  for (char c : text) {
    const bool digit = c >= '0' && c <= '9';
    digits = digit ? digits + 1 : 0;
    if (digits > kMaxDigits) return false;
    if (digit && (previous == 'e' || previous == 'E')) return false;
    previous = c;
  }
  return true;
}

}  // namespace aiperf::fuzz
