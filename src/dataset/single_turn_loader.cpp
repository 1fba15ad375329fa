// --custom-dataset-type single_turn (workloads-and-endpoints.md §3.1): one JSON object per
// line, one request each: texts, media, role, extra and the trace fields. Rows sharing a
// `session_id` are one conversation whose turns go in file order, one after another, each
// still a complete request of its own (no history is resent).
#include "dataset/input_file_dataset.h"
#include "dataset/image_uuids.h"
#include "dataset/row_content.h"

#include <unordered_map>

namespace aiperf {
namespace {

struct SingleTurnRow {
  std::string prompt;
  std::vector<std::string> more_texts;
  std::optional<TurnMedia> media;
  std::string role = "user";
  std::string extra;
  std::optional<int64_t> max_tokens;
  std::optional<double> delay_ms;
};

SingleTurnRow read_row(const JsonlRow& row, const ProfileConfig& config, FallbackOutputLength& fallback_osl) {
  SingleTurnRow r;
  RowContent content = read_row_content(row, config.endpoint_type);
  split_row_texts(std::move(content.texts), r.prompt, r.more_texts);
  if (content.has_media()) r.media = std::move(content.media);
  if (std::optional<std::string> role = row.string("role")) {
    if (role->empty()) row.fail("'role' must not be empty");
    r.role = *role;
  }
  r.extra = read_row_extra(row);
  // output_length is upstream's name; max_tokens is accepted as its synonym.
  std::optional<int64_t> osl = row.integer("output_length", 1);
  if (std::optional<int64_t> alias = row.integer("max_tokens", 1)) {
    if (osl) row.fail("'output_length' and 'max_tokens' are mutually exclusive");
    osl = alias;
  }
  r.max_tokens = osl ? osl : fallback_osl.next();
  r.delay_ms = row.number("delay", 0);
  return r;
}

// Per-turn members are indexed by the turn; only turns that have one grow the vector.
template <typename T>
void set_turn_member(std::vector<T>& per_turn, size_t turn, T value) {
  if (per_turn.size() <= turn) per_turn.resize(turn + 1);
  per_turn[turn] = std::move(value);
}

}  // namespace

FileDataset load_single_turn_file(const ProfileConfig& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  std::unordered_map<std::string, size_t> session_entry;  // session_id -> its entry
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    CommonRowFields common;
    common.timestamp_ms = row.number("timestamp", 0);
    common.session_id = row.string("session_id");
    SingleTurnRow r = read_row(row, config, fallback_osl);
    if (common.timestamp_ms && r.delay_ms) row.fail("'timestamp' and 'delay' are mutually exclusive");

    auto known = common.session_id ? session_entry.find(*common.session_id) : session_entry.end();
    if (known == session_entry.end()) {
      // Think time runs from the previous reply; a conversation's start is set by the load mode.
      if (r.delay_ms && *r.delay_ms != 0)
        row.fail("'delay' on a conversation's first row is not supported yet by aiperf-cpp");
      DatasetEntry entry;
      entry.prompt = std::move(r.prompt);
      entry.more_texts = std::move(r.more_texts);
      entry.role = std::move(r.role);
      entry.max_tokens = r.max_tokens;
      entry.resend_history = false;  // every row is self-contained (§3.1)
      if (r.media) entry.turn_media.push_back(std::move(*r.media));
      if (!r.extra.empty()) entry.turn_extra_bodies.push_back(std::move(r.extra));
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
    t.prompt = std::move(r.prompt);
    t.more_texts = std::move(r.more_texts);
    t.role = std::move(r.role);
    t.max_tokens = r.max_tokens;
    t.delay_ms = r.delay_ms.value_or(0) * config.conversation_turn_delay_ratio;
    t.timestamp_ms = common.timestamp_ms;
    entry.later_turns.push_back(std::move(t));
    if (r.media) set_turn_member(entry.turn_media, turn, std::move(*r.media));
    if (!r.extra.empty()) set_turn_member(entry.turn_extra_bodies, turn, std::move(r.extra));
  });
  if (config.uuid_and_strip)
    for (DatasetEntry& entry : out.dataset.entries) strip_repeated_images(entry);
  return out;
}

}  // namespace aiperf
