// --custom-dataset-type bailian_trace (workloads-and-endpoints.md §3.5): Alibaba's Qwen usage
// traces. One request per line; rows whose parent_chat_id chain reaches the same root chat_id
// are one conversation, ordered by `turn`. Each row already holds its retained history, so
// every turn is sent on its own (no earlier turns or replies resent).
#include <algorithm>
#include <map>
#include <unordered_map>

#include "dataset/corpus_text.h"
#include "dataset/hash_id_prompts.h"
#include "dataset/trace_synthesis.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/prompt_source.h"
#include "common/rng_stream.h"

namespace aiperf {
namespace {

constexpr int64_t kBailianBlockSize = 16;  // upstream's loader default: 16 tokens per hash id

struct BailianRow {
  int64_t chat_id = 0;
  int64_t parent_chat_id = -1;
  int64_t turn = 1;
  double timestamp_ms = 0;
  size_t line = 0;
  PromptText prompt;
  int64_t input_length = 0;
  std::optional<int64_t> max_tokens;
};

// The root chat_id of every row; a parent missing from the file starts a conversation of its
// own (the trace may be a window cut from a longer one).
std::vector<int64_t> roots_of(const std::vector<BailianRow>& rows, const std::string& path) {
  std::unordered_map<int64_t, size_t> by_id;
  for (size_t i = 0; i < rows.size(); ++i) {
    auto [it, fresh] = by_id.try_emplace(rows[i].chat_id, i);
    if (!fresh)
      throw ConfigError("--input-file " + path + ", line " + std::to_string(rows[i].line) + ": chat_id " +
                        std::to_string(rows[i].chat_id) + " already used on line " +
                        std::to_string(rows[it->second].line));
  }
  std::vector<int64_t> roots(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    size_t at = i;
    for (size_t hops = 0;; ++hops) {
      auto parent = by_id.find(rows[at].parent_chat_id);
      if (rows[at].parent_chat_id < 0 || parent == by_id.end()) break;
      if (hops > rows.size())
        throw ConfigError("--input-file " + path + ", line " + std::to_string(rows[i].line) +
                          ": parent_chat_id chain loops back on itself");
      at = parent->second;
    }
    roots[i] = rows[at].chat_id;
  }
  return roots;
}

FileDataset load_bailian_rows(const DatasetBuildSettings& config, PromptSource& source) {
  const int64_t block_size = config.isl_block_size.value_or(kBailianBlockSize);
  HashIdPrompts blocks(source, block_size, config.random_seed);
  TraceSynthesis synthesis(config, block_size);
  synthesis.count_jsonl_blocks(*config.input_file);
  uint64_t next_row = 0;
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.trace.prompt.corpus");
  FallbackOutputLength fallback_osl(config);
  std::vector<BailianRow> rows;
  // Prompts are built in file order, so the same seed gives the same prompts whatever the
  // grouping.
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    BailianRow r;
    r.line = row.line;
    std::optional<int64_t> chat_id = row.integer("chat_id", 0);
    if (!chat_id) row.fail("missing required field 'chat_id'");
    r.chat_id = *chat_id;
    r.parent_chat_id = row.integer("parent_chat_id", -1).value_or(-1);
    r.turn = row.integer("turn", 1).value_or(1);
    std::optional<double> seconds = row.number("timestamp", 0);
    if (!seconds) row.fail("missing required field 'timestamp' (seconds)");
    r.timestamp_ms = synthesis.time_ms(*seconds * 1000.0);
    std::optional<int64_t> input_length = row.prompt_tokens("input_length");
    if (!input_length) row.fail("missing required field 'input_length'");
    std::vector<int64_t> ids = row.integer_list("hash_ids").value_or(std::vector<int64_t>{});
    r.input_length = *input_length;
    const uint64_t row_index = next_row++;
    if (synthesis.active()) {
      std::optional<TraceSynthesis::Row> shaped = synthesis.reshape(ids, r.input_length, row_index);
      if (!shaped) return;  // over --synthesis-max-isl: its children start conversations of their own
      ids = std::move(shaped->hash_ids);
      r.input_length = shaped->input_length;
    }
    try {
      r.prompt = blocks.prompt(ids, r.input_length, corpus_rng);
    } catch (const std::invalid_argument& e) {
      row.fail(e.what());
    }
    const std::optional<int64_t> osl = row.integer("output_length", 1);
    r.max_tokens = osl ? std::optional<int64_t>(synthesis.output_length(*osl)) : fallback_osl.next();
    rows.push_back(std::move(r));
  });

  synthesis.note_skipped(*config.input_file);
  const std::vector<int64_t> roots = roots_of(rows, *config.input_file);
  std::vector<int64_t> root_order;  // conversations in the file order of their first row
  std::map<int64_t, std::vector<size_t>> members;
  for (size_t i = 0; i < rows.size(); ++i) {
    auto& m = members[roots[i]];
    if (m.empty()) root_order.push_back(roots[i]);
    m.push_back(i);
  }
  FileDataset out;
  for (int64_t root : root_order) {
    std::vector<size_t>& m = members[root];
    std::stable_sort(m.begin(), m.end(), [&](size_t a, size_t b) { return rows[a].turn < rows[b].turn; });
    for (size_t k = 1; k < m.size(); ++k)
      if (rows[m[k]].timestamp_ms < rows[m[k - 1]].timestamp_ms)
        throw ConfigError("--input-file " + *config.input_file + ", line " + std::to_string(rows[m[k]].line) +
                          ": turn " + std::to_string(rows[m[k]].turn) + " of conversation " + std::to_string(root) +
                          " has a timestamp before that of line " + std::to_string(rows[m[k - 1]].line) +
                          " (turns must be in time order)");
    BailianRow& first = rows[m.front()];
    DatasetEntry entry;
    entry.conversation_id = std::to_string(root);
    entry.model = config.model_names.front();
    entry.prompt = std::move(first.prompt);
    entry.intended_input_tokens = first.input_length;
    entry.max_tokens = first.max_tokens;
    entry.resend_history = false;
    for (size_t k = 1; k < m.size(); ++k) {
      BailianRow& r = rows[m[k]];
      DatasetTurn t;
      t.prompt = std::move(r.prompt);
      t.intended_input_tokens = r.input_length;
      t.max_tokens = r.max_tokens;
      t.timestamp_ms = r.timestamp_ms;
      entry.later_turns.push_back(std::move(t));
    }
    out.dataset.entries.push_back(std::move(entry));
    out.timestamps_ms.push_back(first.timestamp_ms);
    out.lines.push_back(first.line);
  }
  return out;
}

}  // namespace

FileDataset load_bailian_trace_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  return build_with_prompt_source(prompt_corpus(config), tokenizer,
                                  [&](PromptSource& source) { return load_bailian_rows(config, source); });
}

}  // namespace aiperf
