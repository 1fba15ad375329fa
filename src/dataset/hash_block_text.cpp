#include "dataset/hash_block_text.h"

#include "common/stable_hash.h"

namespace aiperf {

HashBlockText::HashBlockText(const std::vector<int32_t>& corpus, const Tokenizer& tokenizer, int64_t block_size,
                             uint64_t key)
    : corpus_(corpus), tokenizer_(tokenizer), block_size_(block_size), key_(key) {}

std::string HashBlockText::text(const std::vector<int64_t>& hash_ids, int64_t begin, int64_t end,
                                std::mt19937_64& fresh_rng) {
  ids_.clear();
  const size_t n = corpus_.size();
  const int64_t covered = int64_t(hash_ids.size()) * block_size_;
  int64_t pos = begin;
  for (; pos < end && pos < covered; ++pos) {
    const uint64_t block_start = hash_mix64(key_ ^ hash_mix64(uint64_t(hash_ids[size_t(pos / block_size_)]))) % n;
    ids_.push_back(corpus_[(block_start + uint64_t(pos % block_size_)) % n]);
  }
  if (pos < end) {
    size_t next = std::uniform_int_distribution<size_t>(0, n - 1)(fresh_rng);
    for (; pos < end; ++pos, next = (next + 1) % n) ids_.push_back(corpus_[next]);
  }
  return tokenizer_.decode(ids_);
}

}  // namespace aiperf
