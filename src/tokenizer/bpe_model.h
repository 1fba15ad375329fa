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

namespace aiperf {

struct BpeMerge {
  int32_t rank;    // lower merges first
  int32_t result;  // id of the merged token
};

class BpeModel {
 public:
  // `merges` are (left, right) token pairs in priority order. Throws std::runtime_error naming
  // the offending merge when a side or the merged token is missing from the vocabulary.
  BpeModel(std::unordered_map<std::string, int32_t> vocab,
           const std::vector<std::pair<std::string, std::string>>& merges, bool ignore_merges,
           std::optional<std::string> unk_token);

  // Appends the ids of one piece to out.
  void encode_piece(std::string_view piece, std::vector<int32_t>& out) const;

  // nullptr when the id is not in the vocabulary.
  const std::string* token_for_id(int32_t id) const;
  std::optional<int32_t> id_for_token(std::string_view token) const;
  size_t vocab_size() const { return vocab_.size(); }

 private:
  void merge(std::string_view piece, std::vector<int32_t>& out) const;

  std::unordered_map<std::string, int32_t> vocab_;
  std::vector<std::string> tokens_;  // by id; empty where the vocabulary has a gap
  std::unordered_map<uint64_t, BpeMerge> merges_;  // key: left id << 32 | right id
  bool ignore_merges_;
  std::optional<int32_t> unk_id_;

  mutable std::shared_mutex cache_mu_;
  mutable std::unordered_map<std::string, std::vector<int32_t>> cache_;
};

}  // namespace aiperf
