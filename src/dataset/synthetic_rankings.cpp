// Synthetic rankings data (workloads-and-endpoints.md §2.11): per entry one query and a drawn
// number of passages, each of a drawn token length, all cut from the synthetic corpus.
#include "common/rng_stream.h"
#include "dataset/conversation_id.h"
#include "dataset/corpus_text.h"
#include "dataset/dataset.h"
#include "dataset/length_sampler.h"
#include "dataset/prompt_maker.h"

namespace aiperf {
namespace {

Dataset build_rankings_entries(const DatasetBuildSettings& config, PromptSource& source) {
  PromptMaker maker(source);
  // Upstream's stream names (§2.10), so counts, lengths and texts vary independently.
  std::mt19937_64 count_rng = make_rng_stream(config.random_seed, "dataset.rankings.passages");
  std::mt19937_64 passage_len_rng = make_rng_stream(config.random_seed, "dataset.rankings.passages.tokens");
  std::mt19937_64 query_len_rng = make_rng_stream(config.random_seed, "dataset.rankings.query.tokens");
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.prompt.corpus");

  Dataset dataset;
  const int64_t size = config.dataset_size();
  dataset.entries.reserve(size_t(size));
  for (int64_t i = 0; i < size; ++i) {
    DatasetEntry entry;
    entry.conversation_id = default_conversation_id(config, size_t(i));
    entry.model = config.model_names.front();
    const int64_t query_tokens = sample_positive_normal_integer(double(config.rankings_query_tokens_mean),
                                                                config.rankings_query_tokens_stddev, query_len_rng);
    entry.prompt = maker.make(query_tokens, corpus_rng);
    entry.intended_input_tokens = query_tokens;
    const int64_t passages = sample_positive_normal_integer(double(config.rankings_passages_mean),
                                                            config.rankings_passages_stddev, count_rng);
    entry.parts.edit().passages.reserve(size_t(passages));
    for (int64_t p = 0; p < passages; ++p) {
      const int64_t tokens = sample_positive_normal_integer(double(config.rankings_passage_tokens_mean),
                                                            config.rankings_passage_tokens_stddev, passage_len_rng);
      entry.parts.edit().passages.push_back(maker.make(tokens, corpus_rng));
      entry.intended_input_tokens += tokens;
    }
    dataset.entries.push_back(std::move(entry));
  }
  return dataset;
}

}  // namespace

Dataset build_synthetic_rankings_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  return build_with_prompt_source(prompt_corpus(config), tokenizer,
                                  [&](PromptSource& source) { return build_rankings_entries(config, source); });
}

}  // namespace aiperf
