#pragma once
// The BPE model of a tokenizer.json: vocabulary, merge ranks, and the merge loop that turns
// one pre-tokenized piece into ids. Pieces repeat a lot in real text, so results are cached.
#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tokenizer/merge_table.h"
#include "tokenizer/vocab_index.h"

namespace aiperf {

// The model options of tokenizer.json that change ids (dropout is rejected by the loader).
struct BpeOptions {
  bool ignore_merges = false;       // a piece found whole in the vocabulary skips merging
  std::optional<std::string> unk_token;
  bool fuse_unk = false;            // consecutive unknown characters become one unk
  bool byte_fallback = false;       // unknown characters become their <0xNN> byte tokens
  std::string continuing_subword_prefix;  // e.g. "##": marks every character but the first
  std::string end_of_word_suffix;         // e.g. "</w>": marks the last character
};

// Hashes std::string and std::string_view alike so lookups need no temporary string.
struct StringViewHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class BpeModel {
 public:
  // `merges` are (left, right) token pairs in priority order. Throws std::runtime_error naming
  // the offending merge when a side or the merged token is missing from the vocabulary.
  // `vocab` is (token, id) in any order.
  BpeModel(std::vector<std::pair<std::string, int32_t>> vocab,
           const std::vector<std::pair<std::string, std::string>>& merges, BpeOptions options);
  BpeModel(const BpeModel&) = delete;  // index_ points into tokens_
  BpeModel& operator=(const BpeModel&) = delete;

  // Appends the ids of one piece to out.
  void encode_piece(std::string_view piece, std::vector<int32_t>& out) const;

  // nullptr when the id is not in the vocabulary.
  const std::string* token_for_id(int32_t id) const;
  std::optional<int32_t> id_for_token(std::string_view token) const;
  size_t vocab_size() const { return vocab_size_; }

 private:
  void encode_word(std::string_view word, std::vector<int32_t>& out) const;  // cached merge
  void merge(std::string_view piece, std::vector<int32_t>& out) const;
  // The symbols a piece starts as: one per character, or its byte tokens, or unk.
  void initial_symbols(std::string_view piece, std::vector<int32_t>& ids) const;

  std::vector<std::string> tokens_;  // by id; empty where the vocabulary has a gap
  VocabIndex index_;
  size_t vocab_size_ = 0;
  MergeTable merges_;
  BpeOptions options_;
  std::optional<int32_t> unk_id_;
  int32_t byte_ids_[256];  // <0xNN> token ids, -1 where missing (byte_fallback only)
  bool plain_chars_ = true;  // no prefix/suffix: a character's symbol is the character itself
  // SentencePiece-style models see whole texts as one piece. When no token has U+2581 right
  // after another character, no merge can cross the start of a "▁word", so the piece is cut
  // there into words that merge independently (and hit the cache): same ids, far faster.
  bool split_at_marker_ = false;

  mutable std::shared_mutex cache_mu_;
  mutable std::unordered_map<std::string, std::vector<int32_t>, StringViewHash, std::equal_to<>> cache_;
};

}  // namespace aiperf
