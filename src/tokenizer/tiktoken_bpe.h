#pragma once
// tiktoken's rank-based byte-pair encoding: the text is split by the encoding's regex, each piece
// (as UTF-8 bytes) is merged pairwise, lowest rank first, and a token's id is its rank. Special
// tokens are always allowed, as upstream AIPerf encodes with allowed_special="all".
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tokenizer/pcre2_regex.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

struct TiktokenEncoding {
  std::string name;
  // Lines "FIRST_RANK B64 B64 ...\n": base64 token bytes with consecutive ranks from FIRST_RANK.
  std::string_view ranks_text;
  std::string pattern;
  std::vector<std::pair<std::string, int32_t>> special_tokens;
};

class TiktokenTokenizer final : public Tokenizer {
 public:
  // Throws std::runtime_error naming the encoding when the rank table is malformed.
  explicit TiktokenTokenizer(const TiktokenEncoding& encoding);
  // The lookup tables view into arena_, so the object stays where it was built.
  TiktokenTokenizer(const TiktokenTokenizer&) = delete;
  TiktokenTokenizer& operator=(const TiktokenTokenizer&) = delete;

  // Invalid UTF-8 is replaced with U+FFFD first: tiktoken only ever sees Python str.
  std::vector<int32_t> encode(std::string_view text) const override;
  // encode(text).size(), without keeping the ids.
  size_t count(std::string_view text) const override;
  // Bytes are joined and then made valid UTF-8 (errors="replace", tiktoken's default).
  // Throws std::out_of_range on an unknown id.
  std::string decode(const std::vector<int32_t>& ids) const override;
  std::string name() const override { return name_; }
  std::vector<int32_t> vocabulary_ids(bool with_special) const override;

  int32_t end_of_text_id() const { return end_of_text_; }
  size_t vocabulary_size() const { return bytes_of_rank_.size(); }

 private:
  int32_t rank_of(std::string_view bytes) const;
  void encode_piece(std::string_view piece, std::vector<int32_t>& out) const;
  // In text order: piece(p) for each regex piece between special tokens, special(id) for each
  // special token. Text that is not valid UTF-8 is walked in its repaired form, as tiktoken does.
  template <class Piece, class Special>
  void for_each_piece(std::string_view text, Piece piece, Special special) const;

  std::string name_;
  std::string arena_;  // every token's bytes back to back; reserved once, never reallocated
  std::unordered_map<std::string_view, int32_t> rank_of_bytes_;  // views into arena_
  std::vector<std::string_view> bytes_of_rank_;                   // index = rank; empty for gaps
  std::vector<std::pair<std::string, int32_t>> specials_;
  std::unordered_map<int32_t, std::string> special_of_id_;
  std::unique_ptr<Pcre2Regex> split_;
  int32_t end_of_text_ = -1;
};

// tiktoken's o200k_base (upstream AIPerf's `builtin`), compiled into the binary from
// third_party/tiktoken/o200k_base.inc.
std::unique_ptr<TiktokenTokenizer> make_o200k_base();

}  // namespace aiperf
