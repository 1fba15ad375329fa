#include "tokenizer/normalizer.h"

#include "tokenizer/unicode_nfc.h"

namespace aiperf {

std::string Normalizer::apply(std::string_view text) const {
  std::string out(text);
  for (auto step : steps_) {
    switch (step) {
      case NormalizerKind::kNfc:
        out = to_nfc(out);
        break;
    }
  }
  return out;
}

}  // namespace aiperf
