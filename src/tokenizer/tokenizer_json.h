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
#include "tokenizer/decoder.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/post_processor.h"
#include "tokenizer/pre_tokenizer.h"

namespace aiperf {

struct TokenizerJson {
  Normalizer normalizer;
  PreTokenizer pre_tokenizer;
  std::unique_ptr<BpeModel> model;
  std::vector<AddedToken> added_tokens;
  PostProcessor post_processor;
  Decoder decoder;
};

// Errors are std::runtime_error starting with "<source>: ", e.g.
// "tokenizer.json: unsupported pre_tokenizer type 'Whitespace'".
TokenizerJson parse_tokenizer_json(std::string_view json_text, const std::string& source);
TokenizerJson read_tokenizer_json(const std::filesystem::path& path);

// One component from its JSON text (the value of "normalizer", "pre_tokenizer", ...), for tests
// and tools; errors as above with source "component".
Normalizer normalizer_from_json(std::string_view json_text);
PreTokenizer pre_tokenizer_from_json(std::string_view json_text);
PostProcessor post_processor_from_json(std::string_view json_text);
Decoder decoder_from_json(std::string_view json_text);

}  // namespace aiperf
