// The o200k_base encoding, with its rank table compiled in so `--tokenizer builtin` never
// touches the network.
#include <memory>

#include "tokenizer/tiktoken_bpe.h"

namespace aiperf {
namespace {

constexpr char kO200kRanks[] =
#include "../../third_party/tiktoken/o200k_base.inc"
    ;

// tiktoken's o200k pattern. The contraction group is case-insensitive as upstream writes it,
// so PCRE2 folds case with Unicode rules the way the Rust regex crate does.
constexpr const char* kO200kPattern =
    R"([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

}  // namespace

std::unique_ptr<TiktokenTokenizer> make_o200k_base() {
  TiktokenEncoding encoding{
      "o200k_base",
      std::string_view(kO200kRanks, sizeof(kO200kRanks) - 1),
      kO200kPattern,
      {{"<|endoftext|>", 199999}, {"<|endofprompt|>", 200018}},
  };
  return std::make_unique<TiktokenTokenizer>(encoding);
}

}  // namespace aiperf
