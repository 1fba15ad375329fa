#pragma once
// HuggingFace normalizers supported so far: none, NFC, and a Sequence of those.
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

enum class NormalizerKind { kNfc };

class Normalizer {
 public:
  Normalizer() = default;
  explicit Normalizer(std::vector<NormalizerKind> steps) : steps_(std::move(steps)) {}

  bool empty() const { return steps_.empty(); }
  std::string apply(std::string_view text) const;

 private:
  std::vector<NormalizerKind> steps_;
};

}  // namespace aiperf
