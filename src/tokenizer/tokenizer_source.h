#pragma once
// Where a tokenizer comes from (--tokenizer, --tokenizer-revision, --tokenizer-trust-remote-code):
// `builtin`/`o200k_base`, a local tokenizer.json or a directory holding one, a HuggingFace model
// id found in the standard HF cache, or else one downloaded from the hub into that cache.
// See docs/tokenizers.md.
#include <chrono>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <string>

#include "tokenizer/tokenizer.h"

namespace aiperf {

struct TokenizerSpec {
  std::string name;               // --tokenizer, or the model name when none was given
  std::string revision = "main";  // --tokenizer-revision
  bool trust_remote_code = false; // accepted for compatibility; nothing from the hub is ever run
};

// The HuggingFace environment, read once; tests build their own.
struct HubSettings {
  std::string endpoint = "https://huggingface.co";  // $HF_ENDPOINT
  std::string token;                                 // $HF_TOKEN, else the token file of huggingface-cli login
  std::filesystem::path cache_dir;                   // $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
  bool offline = false;                              // HF_HUB_OFFLINE=1 (or TRANSFORMERS_OFFLINE=1)
  std::chrono::milliseconds timeout{std::chrono::seconds(30)};  // idle limit per network step

  static HubSettings from_env();
};

// True for the names served by the compiled-in tiktoken encoding (`builtin`, `o200k_base`).
bool is_builtin_tokenizer(const std::string& name);

// The tokenizer.json that `spec.name` designates, downloading it into the cache when it is a
// hub model id missing there. Throws std::runtime_error with one line naming the flag, file or
// model and the reason (not found, HTTP 401/403 and HF_TOKEN, offline cache miss, corrupt JSON).
// A download is announced on `notes` when it is not null.
std::filesystem::path resolve_tokenizer_json(const TokenizerSpec& spec, const HubSettings& hub,
                                             std::ostream* notes = nullptr);

// resolve_tokenizer_json + load (or the builtin encoding). Notes for the user (a download, an
// ignored flag) go to `notes` when it is not null. Errors as resolve_tokenizer_json, plus the
// loader's one-line error for a corrupt or unsupported tokenizer.json.
std::unique_ptr<Tokenizer> load_tokenizer(const TokenizerSpec& spec, const HubSettings& hub, std::ostream* notes);

}  // namespace aiperf
