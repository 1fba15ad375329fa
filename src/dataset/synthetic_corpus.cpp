#include <string>

#include "dataset/corpus_text.h"
#include "dataset/moby_dick_text.h"

namespace aiperf {

std::string_view synthetic_corpus_text() {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  // Fuzz builds (scripts/fuzz.sh) cut prompts from the first 2,000 characters: the corpus is
  // not outside input, and cutting the whole of it into units for every fuzzed trace file
  // spent two thirds of the dataset_file harness's time there.
  return sonnet_corpus_text().substr(0, 2000);
#endif
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
