#pragma once
// Counts and produces tokens. The run builds one Tokenizer before the benchmark and uses
// it only off the hot path (dataset synthesis, record processing).
#include <cstdint>
#include <iosfwd>
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
  // The ids a random-token prompt may use (--prompt-corpus random): every id of the
  // vocabulary, ascending, without gaps; the special tokens only when `with_special`. Empty
  // when the tokenizer has no fixed vocabulary.
  virtual std::vector<int32_t> vocabulary_ids(bool /*with_special*/) const { return {}; }
  virtual std::string name() const = 0;
};

// The run's tokenizer from --tokenizer (or the first model name when `explicit_name` is false),
// --tokenizer-revision and --tokenizer-trust-remote-code: `builtin`, a local tokenizer.json,
// a cached or downloaded HuggingFace model id (docs/tokenizers.md). A placeholder model name
// such as `mock-model` given without --tokenizer switches to `builtin`, with a note, as
// upstream does. Notes go to `notes` when it is not null; errors throw std::runtime_error
// with one line.
struct TokenizerRequest {
  std::string name;
  bool explicit_name = false;     // came from --tokenizer
  std::string revision = "main";
  bool trust_remote_code = false;
  bool operator==(const TokenizerRequest&) const = default;
};
std::unique_ptr<Tokenizer> make_tokenizer(const TokenizerRequest& request, std::ostream* notes);

// Model names that are obviously not HuggingFace repositories (upstream's placeholder list).
bool is_placeholder_model_name(const std::string& name);

}  // namespace aiperf
