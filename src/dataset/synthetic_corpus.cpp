#include <string>

#include "dataset/corpus_text.h"
#include "dataset/moby_dick_text.h"

namespace aiperf {

std::string_view synthetic_corpus_text() {
  static const std::string text = [] {
    std::string s(sonnet_corpus_text());
    for (std::string_view chapter : moby_dick_chapters()) {
      s += '\n';
      s += chapter;
    }
    return s;
  }();
  return text;
}

}  // namespace aiperf
