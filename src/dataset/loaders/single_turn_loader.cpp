// --custom-dataset-type single_turn (workloads-and-endpoints.md §3.1): one JSON object per
// line, one request each: texts, media, role, extra and the trace fields. Rows sharing a
// `session_id` are one conversation whose turns go in file order, one after another, each
// still a complete request of its own (no history is resent).
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/image_uuids.h"
#include "dataset/row_content.h"

#include <unordered_map>

namespace aiperf {
namespace {

// Per-turn members are indexed by the turn; only turns that have one grow the vector.
template <typename T>
void set_turn_member(std::vector<T>& per_turn, size_t turn, T value) {
  if (per_turn.size() <= turn) per_turn.resize(turn + 1);
  per_turn[turn] = std::move(value);
}

}  // namespace

FileDataset load_single_turn_file(const DatasetBuildSettings& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  std::unordered_map<std::string, size_t> session_entry;  // session_id -> its entry
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    RowContent content = read_row_content(row, config.endpoint_type);
    RowTurnFields f = read_row_turn_fields(row);
    CommonRowFields common{.timestamp_ms = f.timestamp_ms, .session_id = row.string("session_id")};
    std::optional<int64_t> max_tokens = f.max_tokens ? f.max_tokens : fallback_osl.next();
    std::string prompt;
    std::vector<std::string> more_texts;
    split_row_texts(std::move(content.texts), prompt, more_texts);

    auto known = common.session_id ? session_entry.find(*common.session_id) : session_entry.end();
    if (known == session_entry.end()) {
      // Think time runs from the previous reply; a conversation's start is set by the load mode.
      if (f.delay_ms && *f.delay_ms != 0)
        row.fail("'delay' on a conversation's first row is not supported yet by aiperf-cpp");
      DatasetEntry entry;
      entry.prompt = std::move(prompt);
      entry.parts.edit().more_texts = std::move(more_texts);
      if (f.role != entry.parts->role) entry.parts.edit().role = std::move(f.role);
      entry.max_tokens = max_tokens;
      entry.resend_history = false;  // every row is self-contained (§3.1)
      if (content.has_media()) entry.parts.edit().turn_media.push_back(std::move(content.media));
      if (!f.extra.empty()) entry.parts.edit().turn_extra_bodies.push_back(std::move(f.extra));
      if (common.session_id) session_entry.emplace(*common.session_id, out.dataset.entries.size());
      add_file_entry(out, config, row, common, std::move(entry));
      return;
    }

    DatasetEntry& entry = out.dataset.entries[known->second];
    const size_t turn = entry.turn_count();
    const std::optional<double>& previous =
        turn == 1 ? out.timestamps_ms[known->second] : entry.later_turns.back().timestamp_ms;
    // The fixed schedule sends a later turn at its timestamp or right after the previous
    // reply, whichever is later: an earlier timestamp is a broken trace, not a schedule.
    if (common.timestamp_ms && previous && *common.timestamp_ms < *previous)
      row.fail("'timestamp' " + nlohmann::json(*common.timestamp_ms).dump() + " is before the " +
               nlohmann::json(*previous).dump() + " of the previous row of session '" + *common.session_id +
               "' (a session's rows must be in time order)");
    DatasetTurn t;
    t.prompt = std::move(prompt);
    t.more_texts = std::move(more_texts);
    t.role = std::move(f.role);
    t.max_tokens = max_tokens;
    t.delay_ms = f.delay_ms.value_or(0) * config.conversation_turn_delay_ratio;
    t.timestamp_ms = common.timestamp_ms;
    entry.later_turns.push_back(std::move(t));
    if (content.has_media()) set_turn_member(entry.parts.edit().turn_media, turn, std::move(content.media));
    if (!f.extra.empty()) set_turn_member(entry.parts.edit().turn_extra_bodies, turn, std::move(f.extra));
  });
  if (config.uuid_and_strip)
    for (DatasetEntry& entry : out.dataset.entries) strip_repeated_images(entry);
  return out;
}

}  // namespace aiperf
