#include <cstdio>

#include "common/uuid.h"
#include "dataset/corpus_text.h"
#include "dataset/dataset.h"
#include "dataset/length_sampler.h"
#include "dataset/prompt_corpus.h"
#include "dataset/rng_stream.h"

namespace aiperf {
namespace {

// Upstream names sessions sequentially when seeded (reproducible inputs.json) and with
// UUIDs otherwise.
std::string session_id(const ProfileConfig& config, size_t index) {
  if (!config.random_seed) return uuid4();
  char buf[32];
  std::snprintf(buf, sizeof buf, "session_%06zu", index);
  return buf;
}

}  // namespace

Dataset build_synthetic_dataset(const ProfileConfig& config, const Tokenizer& tokenizer) {
  std::vector<int32_t> corpus = tokenize_corpus(sonnet_corpus_text(), tokenizer);
  std::mt19937_64 length_rng = make_rng_stream(config.random_seed, "dataset.prompt.length");
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.prompt.corpus");

  Dataset dataset;
  dataset.entries.reserve(size_t(config.num_dataset_entries));
  for (int64_t i = 0; i < config.num_dataset_entries; ++i) {
    DatasetEntry entry;
    entry.conversation_id = session_id(config, size_t(i));
    entry.model = config.model_names.front();
    // ISL and OSL are drawn together per entry so the prompt and its max_tokens agree.
    entry.intended_input_tokens =
        sample_positive_normal_integer(double(config.isl_mean), config.isl_stddev, length_rng);
    if (config.osl_mean)
      entry.max_tokens =
          sample_positive_normal_integer(double(*config.osl_mean), config.osl_stddev, length_rng);
    entry.prompt = synthesize_prompt(corpus, tokenizer, entry.intended_input_tokens, corpus_rng);
    dataset.entries.push_back(std::move(entry));
  }
  return dataset;
}

}  // namespace aiperf
