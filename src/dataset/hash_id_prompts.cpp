#include "dataset/hash_id_prompts.h"

#include <stdexcept>
#include <string>

#include "config/dataset_size_limit.h"
#include "common/stable_hash.h"
#include "dataset/prompt_corpus.h"
#include "common/rng_stream.h"

namespace aiperf {
namespace {

void require_last_block(int64_t last, int64_t m, int64_t input_length, int64_t block_size) {
  if (last <= 0)
    throw std::invalid_argument("input_length " + std::to_string(input_length) + " is too short for " +
                                std::to_string(m) + " hash_ids of " + std::to_string(block_size) +
                                " tokens (the last block would be empty)");
}

}  // namespace

HashIdPrompts::HashIdPrompts(PromptSource& source, int64_t block_size, std::optional<uint64_t> seed)
    : source_(source),
      block_size_(block_size),
      seed_(seed) {}

// One stream per hash id: a block's text depends on its id (and the seed) only, not on
// which row touched it first.
std::mt19937_64 HashIdPrompts::block_rng(int64_t hash_id) const {
  return make_rng_stream(seed_, "dataset.trace.hash_block." + std::to_string(hash_id));
}

const std::vector<int32_t>& HashIdPrompts::block(int64_t hash_id) {
  auto [it, inserted] = blocks_.try_emplace(hash_id);
  if (inserted) {
    const std::vector<int32_t>& corpus = source_.corpus_ids();
    std::mt19937_64 rng = block_rng(hash_id);
    size_t next = std::uniform_int_distribution<size_t>(0, corpus.size() - 1)(rng);
    it->second.reserve(size_t(block_size_));
    for (int64_t i = 0; i < block_size_; ++i) {
      it->second.push_back(corpus[next]);
      next = (next + 1) % corpus.size();
    }
  }
  return it->second;
}

// Every row's ids go to the shared recipes; the tail's start is drawn now, in file order, so
// the same seed gives the same prompts as when they were built at load.
PromptText HashIdPrompts::unit_prompt(const PromptUnits& units, const std::vector<int64_t>& hash_ids,
                                      int64_t input_length, std::mt19937_64& tail_rng) {
  const int64_t m = int64_t(hash_ids.size());
  if (m > 0) require_last_block(input_length - (m - 1) * block_size_, m, input_length, block_size_);
  if (!recipes_) {
    recipes_ = std::make_shared<HashBlockRecipes>();
    recipes_->units = source_.shared_units();
    recipes_->block_size = block_size_;
    recipes_->key = make_rng_stream(seed_, "dataset.trace.hash_block")();
  }
  const int64_t covered = m == 0 ? 0 : std::min(input_length, m * block_size_);
  const size_t tail = covered < input_length ? random_unit(units, tail_rng) : 0;
  const auto begin = uint32_t(recipes_->block_starts.size());
  for (int64_t id : hash_ids) recipes_->block_starts.push_back(recipes_->block_start(id));
  PromptText p = PromptText::from_blocks(recipes_, begin, uint32_t(m), uint32_t(input_length), uint32_t(tail));
  if (check_.pending()) check_(p.str(), input_length, source_.tokenizer());
  return p;
}

PromptText HashIdPrompts::prompt(const std::vector<int64_t>& hash_ids, int64_t input_length,
                                  std::mt19937_64& tail_rng) {
  require_prompt_tokens("synthetic prompt length", input_length);
  if (const PromptUnits* units = source_.units()) return unit_prompt(*units, hash_ids, input_length, tail_rng);
  const std::vector<int32_t>& corpus = source_.corpus_ids();
  const Tokenizer& tokenizer = source_.tokenizer();
  if (hash_ids.empty() || corpus.empty()) return synthesize_prompt(corpus, tokenizer, input_length, tail_rng);
  const int64_t m = int64_t(hash_ids.size());
  const int64_t last = input_length - (m - 1) * block_size_;
  require_last_block(last, m, input_length, block_size_);
  std::vector<int32_t> ids;
  ids.reserve(size_t(std::min(input_length, m * block_size_)));
  for (int64_t i = 0; i < m; ++i) {
    const std::vector<int32_t>& b = block(hash_ids[size_t(i)]);
    const int64_t take = i + 1 < m ? block_size_ : std::min(last, block_size_);
    ids.insert(ids.end(), b.begin(), b.begin() + take);
  }
  // The blocks become the fixed prefix; synthesize_prompt tops up the uncovered tail and
  // repairs the length at the tail only, so shared prefixes stay byte-identical.
  return synthesize_prompt(corpus, tokenizer, input_length - int64_t(ids.size()), tail_rng, ids);
}

}  // namespace aiperf
