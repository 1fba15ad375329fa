#pragma once
// Reads a HuggingFace tokenizer.json into the pieces HfTokenizer runs. Only what is supported
// is accepted: any other component fails with an error naming it, never a silent fallback.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/added_tokens.h"
#include "tokenizer/bpe_model.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/pre_tokenizer.h"

namespace aiperf {

enum class DecoderKind { kJoinWithSpaces, kByteLevel };  // no decoder: HF joins tokens with " "

struct TokenizerJson {
  Normalizer normalizer;
  PreTokenizer pre_tokenizer;
  std::unique_ptr<BpeModel> model;
  std::vector<AddedToken> added_tokens;
  DecoderKind decoder = DecoderKind::kJoinWithSpaces;
};

// Errors are std::runtime_error starting with "<source>: ", e.g.
// "tokenizer.json: unsupported pre_tokenizer type 'Whitespace'".
TokenizerJson parse_tokenizer_json(std::string_view json_text, const std::string& source);
TokenizerJson read_tokenizer_json(const std::filesystem::path& path);

}  // namespace aiperf
