// --custom-dataset-type mooncake_trace (workloads-and-endpoints.md §3.4): one request per
// line, its prompt synthesised to `input_length` tokens (shaped by `hash_ids` when given) or
// taken verbatim from `text_input`. Rows sharing a `session_id` are the turns of one
// conversation, in file order: each row is that turn's new input, sent after the earlier
// turns and the replies really received (upstream's deltas_without_responses).
#include <unordered_map>

#include "dataset/corpus_text.h"
#include "dataset/hash_id_prompts.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/prompt_source.h"
#include "dataset/trace_synthesis.h"
#include "common/rng_stream.h"

namespace aiperf {
namespace {

constexpr int64_t kMooncakeBlockSize = 512;  // upstream's loader default

struct SessionTail {
  size_t entry = 0;                 // index into FileDataset's entries
  std::optional<double> last_timestamp_ms;
};

FileDataset load_mooncake_rows(const DatasetBuildSettings& config, PromptSource& source) {
  const int64_t block_size = config.isl_block_size.value_or(kMooncakeBlockSize);
  HashIdPrompts blocks(source, block_size, config.random_seed);
  TraceSynthesis synthesis(config, block_size);
  synthesis.count_jsonl_blocks(*config.input_file);
  uint64_t next_row = 0;
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.trace.prompt.corpus");
  FallbackOutputLength fallback_osl(config);
  FileDataset out;
  out.reserve_lines_of(*config.input_file);
  std::unordered_map<std::string, SessionTail> sessions;
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    row.reject({"messages", "payload", "tools", "message_mode", "extra", "context_mode"});
    const uint64_t row_index = next_row++;
    CommonRowFields common;
    common.timestamp_ms = row.number("timestamp", 0);
    common.session_id = row.string("session_id");
    std::optional<double> delay_ms = row.number("delay", 0);
    if (synthesis.active()) {  // --synthesis-speedup-ratio
      if (common.timestamp_ms) common.timestamp_ms = synthesis.time_ms(*common.timestamp_ms);
      if (delay_ms) delay_ms = synthesis.time_ms(*delay_ms);
    }
    if (common.timestamp_ms && delay_ms) row.fail("'timestamp' and 'delay' are mutually exclusive");
    DatasetEntry entry;
    const std::optional<int64_t> input_length = row.prompt_tokens("input_length");
    const std::optional<std::string> text_input = row.string("text_input");
    const std::optional<std::vector<int64_t>> hash_ids = row.integer_list("hash_ids");
    if (input_length && text_input) row.fail("'input_length' and 'text_input' are mutually exclusive");
    if (text_input) {
      if (hash_ids) row.fail("'hash_ids' needs 'input_length', not 'text_input'");
      entry.prompt = *text_input;
    } else if (input_length) {
      std::vector<int64_t> ids = hash_ids.value_or(std::vector<int64_t>{});
      int64_t length = *input_length;
      if (synthesis.active()) {
        std::optional<TraceSynthesis::Row> shaped = synthesis.reshape(ids, length, row_index);
        if (!shaped) return;  // over --synthesis-max-isl: counted, reported after the file
        ids = std::move(shaped->hash_ids);
        length = shaped->input_length;
      }
      try {
        entry.prompt = blocks.prompt(ids, length, corpus_rng);
      } catch (const std::invalid_argument& e) {
        row.fail(e.what());
      }
      entry.intended_input_tokens = length;
    } else {
      row.fail("missing required field 'input_length' (or 'text_input')");
    }
    const std::optional<int64_t> osl = row.integer("output_length", 1);
    entry.max_tokens = osl ? std::optional<int64_t>(synthesis.output_length(*osl)) : fallback_osl.next();

    auto tail = common.session_id ? sessions.find(*common.session_id) : sessions.end();
    if (tail == sessions.end()) {
      // Think time runs from the previous reply; a conversation's start is set by the load
      // mode (or its timestamp), so a leading delay would have nothing to count from.
      if (delay_ms) row.fail("'delay' on a conversation's first row is not supported yet by aiperf-cpp");
      if (common.session_id)
        sessions.emplace(*common.session_id, SessionTail{out.dataset.entries.size(), common.timestamp_ms});
      add_file_entry(out, config, row, common, std::move(entry));
      return;
    }
    // A later turn: the fixed schedule sends it at its timestamp or right after the previous
    // reply, whichever is later, so an earlier timestamp is a broken trace.
    if (common.timestamp_ms && tail->second.last_timestamp_ms && *common.timestamp_ms < *tail->second.last_timestamp_ms)
      row.fail("'timestamp' " + nlohmann::json(*common.timestamp_ms).dump() + " of session '" + *common.session_id +
               "' is before its previous row's " + nlohmann::json(*tail->second.last_timestamp_ms).dump() +
               " (a session's rows must be in time order)");
    if (common.timestamp_ms) tail->second.last_timestamp_ms = common.timestamp_ms;
    DatasetTurn turn;
    turn.prompt = std::move(entry.prompt);
    turn.intended_input_tokens = entry.intended_input_tokens;
    turn.max_tokens = entry.max_tokens;
    turn.delay_ms = delay_ms.value_or(0) * config.conversation_turn_delay_ratio;
    turn.timestamp_ms = common.timestamp_ms;
    out.dataset.entries[tail->second.entry].later_turns.push_back(std::move(turn));
  });
  synthesis.note_skipped(*config.input_file);
  return out;
}

}  // namespace

FileDataset load_mooncake_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  return build_with_prompt_source(prompt_corpus(config), tokenizer,
                                  [&](PromptSource& source) { return load_mooncake_rows(config, source); });
}

}  // namespace aiperf
