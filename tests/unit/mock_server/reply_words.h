#pragma once
// Words of reply text: the mock's reply tokens are one word each (mock_word_list.h), so this
// counts the tokens a reply carries.
#include <cstdint>
#include <string_view>

namespace aiperf::mock {

inline int64_t count_words(std::string_view text) {
  int64_t n = 0;
  bool in_word = false;
  for (char c : text) {
    const bool space = c == ' ' || (c >= '\t' && c <= '\r');
    n += !space && !in_word;
    in_word = !space;
  }
  return n;
}

}  // namespace aiperf::mock
