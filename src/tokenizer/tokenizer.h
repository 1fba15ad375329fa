#pragma once
// Counts and produces tokens. The run builds one Tokenizer before the benchmark and uses
// it only off the hot path (dataset synthesis, record processing).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

class Tokenizer {
 public:
  virtual ~Tokenizer() = default;
  // encode(text, add_special_tokens=False) in HuggingFace terms.
  virtual std::vector<int32_t> encode(std::string_view text) const = 0;
  virtual std::string decode(const std::vector<int32_t>& ids) const = 0;
  virtual size_t count(std::string_view text) const { return encode(text).size(); }
  virtual std::string name() const = 0;
};

// Resolves --tokenizer (or the model name) to a tokenizer. Until the Tokenizers issue
// lands every name resolves to the interim word tokenizer (see word_tokenizer.h).
std::unique_ptr<Tokenizer> make_tokenizer(const std::string& name);

}  // namespace aiperf
