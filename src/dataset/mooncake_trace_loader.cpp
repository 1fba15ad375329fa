// --custom-dataset-type mooncake_trace (workloads-and-endpoints.md §3.4): one request per
// line, its prompt synthesised to `input_length` tokens (shaped by `hash_ids` when given) or
// taken verbatim from `text_input`.
#include "dataset/corpus_text.h"
#include "dataset/hash_id_prompts.h"
#include "dataset/input_file_dataset.h"
#include "dataset/prompt_corpus.h"
#include "dataset/rng_stream.h"

namespace aiperf {
namespace {

constexpr int64_t kMooncakeBlockSize = 512;  // upstream's loader default

}  // namespace

FileDataset load_mooncake_trace_file(const ProfileConfig& config, const Tokenizer& tokenizer) {
  const std::vector<int32_t> corpus = tokenize_corpus(synthetic_corpus_text(), tokenizer);
  HashIdPrompts blocks(corpus, tokenizer, config.isl_block_size.value_or(kMooncakeBlockSize),
                       config.random_seed);
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.trace.prompt.corpus");
  FallbackOutputLength fallback_osl(config);
  FileDataset out;
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    row.reject({"messages", "payload", "tools", "message_mode", "extra", "context_mode"});
    const CommonRowFields common = read_common_row_fields(row);
    DatasetEntry entry;
    const std::optional<int64_t> input_length = row.integer("input_length", 1);
    const std::optional<std::string> text_input = row.string("text_input");
    const std::optional<std::vector<int64_t>> hash_ids = row.integer_list("hash_ids");
    if (input_length && text_input) row.fail("'input_length' and 'text_input' are mutually exclusive");
    if (text_input) {
      if (hash_ids) row.fail("'hash_ids' needs 'input_length', not 'text_input'");
      entry.prompt = *text_input;
    } else if (input_length) {
      try {
        entry.prompt = blocks.prompt(hash_ids.value_or(std::vector<int64_t>{}), *input_length, corpus_rng);
      } catch (const std::invalid_argument& e) {
        row.fail(e.what());
      }
      entry.intended_input_tokens = *input_length;
    } else {
      row.fail("missing required field 'input_length' (or 'text_input')");
    }
    const std::optional<int64_t> osl = row.integer("output_length", 1);
    entry.max_tokens = osl ? osl : fallback_osl.next();
    add_file_entry(out, config, row, common, std::move(entry));
  });
  return out;
}

}  // namespace aiperf
