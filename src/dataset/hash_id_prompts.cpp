#include "dataset/hash_id_prompts.h"

#include <stdexcept>
#include <string>

#include "dataset/prompt_corpus.h"
#include "dataset/rng_stream.h"

namespace aiperf {

HashIdPrompts::HashIdPrompts(const std::vector<int32_t>& corpus, const Tokenizer& tokenizer,
                             int64_t block_size, std::optional<uint64_t> seed)
    : corpus_(corpus), tokenizer_(tokenizer), block_size_(block_size), seed_(seed) {}

const std::vector<int32_t>& HashIdPrompts::block(int64_t hash_id) {
  auto [it, inserted] = blocks_.try_emplace(hash_id);
  if (inserted) {
    // One stream per hash id: a block's text depends on its id (and the seed) only, not on
    // which row touched it first.
    std::mt19937_64 rng = make_rng_stream(seed_, "dataset.trace.hash_block." + std::to_string(hash_id));
    size_t next = std::uniform_int_distribution<size_t>(0, corpus_.size() - 1)(rng);
    it->second.reserve(size_t(block_size_));
    for (int64_t i = 0; i < block_size_; ++i) {
      it->second.push_back(corpus_[next]);
      next = (next + 1) % corpus_.size();
    }
  }
  return it->second;
}

std::string HashIdPrompts::prompt(const std::vector<int64_t>& hash_ids, int64_t input_length,
                                  std::mt19937_64& tail_rng) {
  if (hash_ids.empty() || corpus_.empty()) return synthesize_prompt(corpus_, tokenizer_, input_length, tail_rng);
  const int64_t m = int64_t(hash_ids.size());
  const int64_t last = input_length - (m - 1) * block_size_;
  if (last <= 0)
    throw std::invalid_argument("input_length " + std::to_string(input_length) + " is too short for " +
                                std::to_string(m) + " hash_ids of " + std::to_string(block_size_) +
                                " tokens (the last block would be empty)");
  std::vector<int32_t> ids;
  ids.reserve(size_t(std::min(input_length, m * block_size_)));
  for (int64_t i = 0; i < m; ++i) {
    const std::vector<int32_t>& b = block(hash_ids[size_t(i)]);
    const int64_t take = i + 1 < m ? block_size_ : std::min(last, block_size_);
    ids.insert(ids.end(), b.begin(), b.begin() + take);
  }
  // The blocks become the fixed prefix; synthesize_prompt tops up the uncovered tail and
  // repairs the length at the tail only, so shared prefixes stay byte-identical.
  return synthesize_prompt(corpus_, tokenizer_, input_length - int64_t(ids.size()), tail_rng, ids);
}

}  // namespace aiperf
