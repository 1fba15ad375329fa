#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <memory>
#include <ostream>

#include "tokenizer/tokenizer.h"
#include "tokenizer/tokenizer_source.h"

namespace aiperf {

bool is_placeholder_model_name(const std::string& name) {
  static constexpr std::array<std::string_view, 9> kPlaceholders = {
      "mock-model", "test-model", "fake-model", "dummy-model", "mock", "test", "fake", "dummy", "placeholder"};
  std::string key(name);
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  std::replace(key.begin(), key.end(), '_', '-');
  return std::find(kPlaceholders.begin(), kPlaceholders.end(), key) != kPlaceholders.end();
}

std::unique_ptr<Tokenizer> make_tokenizer(const TokenizerRequest& request, std::ostream* notes) {
  TokenizerSpec spec{request.name, request.revision, request.trust_remote_code};
  std::error_code ec;
  const bool local = std::filesystem::exists(request.name, ec);
  if (!request.explicit_name && !local && is_placeholder_model_name(request.name)) {
    if (notes) {
      *notes << "aiperf: note: model '" << request.name
             << "' looks like a placeholder, not a HuggingFace repository; counting tokens with "
                "--tokenizer builtin (tiktoken o200k_base). Pass --tokenizer to choose.\n";
    }
    spec.name = "builtin";
  }
  return load_tokenizer(spec, HubSettings::from_env(), notes);
}

}  // namespace aiperf
