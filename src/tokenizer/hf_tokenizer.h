#pragma once
// A HuggingFace `tokenizers`-compatible tokenizer built from a tokenizer.json with a BPE model:
// byte-level (GPT-2, Llama 3, Qwen2/Qwen3) and SentencePiece-style with byte fallback (Llama 2,
// Mistral 7B, Gemma). encode() matches HF's encode(text, add_special_tokens=False) id for id;
// decode() matches decode(ids) with special tokens kept.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tokenizer/tokenizer.h"
#include "tokenizer/tokenizer_json.h"

namespace aiperf {

class HfTokenizer final : public Tokenizer {
 public:
  // Throws std::runtime_error naming the file and the unsupported or malformed component.
  static std::unique_ptr<HfTokenizer> load(const std::filesystem::path& tokenizer_json);
  static std::unique_ptr<HfTokenizer> from_json(std::string_view json_text, std::string name);

  HfTokenizer(TokenizerJson parts, std::string name);

  // Invalid UTF-8 is first replaced with U+FFFD, as when bytes are decoded before HF sees them.
  std::vector<int32_t> encode(std::string_view text) const override;
  // add_special_tokens=true adds what the post_processor adds (e.g. a BOS id) around the ids.
  std::vector<int32_t> encode(std::string_view text, bool add_special_tokens) const;
  // Throws std::out_of_range on an id that is neither in the vocabulary nor an added token.
  std::string decode(const std::vector<int32_t>& ids) const override;
  std::string name() const override { return name_; }
  // The model's vocabulary (HF's vocab_size: added tokens that are not in it are left out);
  // without `with_special`, the added tokens marked special are left out too.
  std::vector<int32_t> vocabulary_ids(bool with_special) const override;

 private:
  void encode_plain(std::string_view text, std::vector<int32_t>& out) const;
  void encode_normalized(std::string_view text, bool at_text_start, std::vector<int32_t>& out) const;

  TokenizerJson parts_;
  std::string name_;
  AddedTokenMatcher raw_tokens_;         // added tokens matched on the input as given
  AddedTokenMatcher normalized_tokens_;  // added tokens matched after normalization
  std::unordered_map<int32_t, std::string> added_content_;
};

}  // namespace aiperf
