// --custom-dataset-type multi_turn (workloads-and-endpoints.md §3.2, §5.1): one conversation
// per line, {"session_id"?, "turns": [single_turn-like objects]}. Turns are sent in order, each
// with the whole history so far (earlier turns and the replies really received).
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/row_content.h"

namespace aiperf {
namespace {

struct FileTurn {
  std::string text;
  std::vector<std::string> more_texts;
  TurnMedia media;
  bool has_media = false;
  std::string extra;  // compact JSON object, or empty
  std::string role = "user";
  std::optional<int64_t> max_tokens;
  std::optional<double> timestamp_ms;
  double delay_ms = 0;
  bool dispatch_fields = false;  // carries timing or an output length: never hoisted
};

FileTurn read_turn(const JsonlRow& turn, EndpointType type) {
  turn.reject({"session_id"});
  RowContent content = read_row_content(turn, type);
  FileTurn t;
  split_row_texts(std::move(content.texts), t.text, t.more_texts);
  t.has_media = content.has_media();
  t.media = std::move(content.media);
  RowTurnFields f = read_row_turn_fields(turn);
  t.extra = std::move(f.extra);
  t.role = std::move(f.role);
  t.timestamp_ms = f.timestamp_ms;
  t.delay_ms = f.delay_ms.value_or(0);
  t.max_tokens = f.max_tokens;
  t.dispatch_fields = f.timestamp_ms || f.delay_ms || f.max_tokens;
  return t;
}

}  // namespace

FileDataset load_multi_turn_file(const DatasetBuildSettings& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  // Upstream hoists a leading system turn only where the endpoint has a system message.
  const bool hoist_system = carries_roles(config.endpoint_type);
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    CommonRowFields common;
    common.session_id = row.string("session_id");
    if (!row.has("turns")) row.fail("missing required field 'turns'");
    const nlohmann::json& list = row.value.at("turns");
    if (!list.is_array() || list.empty()) row.fail("'turns' must be a non-empty list of turn objects");
    std::vector<FileTurn> turns;
    for (size_t k = 0; k < list.size(); ++k) {
      JsonlRow turn{row.path, row.line, list[k], "turn " + std::to_string(k + 1)};
      if (!list[k].is_object()) turn.fail("expected a JSON object, got " + std::string(list[k].type_name()));
      turns.push_back(read_turn(turn, config.endpoint_type));
      // The fixed schedule sends a later turn at its timestamp or right after the previous
      // reply, whichever is later: an earlier timestamp is a broken trace, not a schedule.
      if (k > 0 && turns[k].timestamp_ms && turns[k - 1].timestamp_ms && *turns[k].timestamp_ms < *turns[k - 1].timestamp_ms)
        turn.fail("'timestamp' " + nlohmann::json(*turns[k].timestamp_ms).dump() + " is before the previous turn's " +
                  nlohmann::json(*turns[k - 1].timestamp_ms).dump() + " (turns must be in time order)");
    }
    DatasetEntry entry;
    size_t first = 0;
    // Only a plain, text-only system turn becomes the system message: one text, no media or extra.
    const FileTurn& lead = turns[0];
    if (hoist_system && turns.size() > 1 && lead.role == "system" && !lead.dispatch_fields && lead.more_texts.empty() &&
        !lead.has_media && lead.extra.empty() && !lead.text.empty()) {
      entry.parts.edit().system_message = std::move(turns[0].text);
      first = 1;
    }
    // Think time runs from the previous reply; a conversation's start is set by the load mode.
    if (turns[first].delay_ms != 0)
      row.fail("turn " + std::to_string(first + 1) + ": 'delay' on a conversation's first turn is not supported yet by aiperf-cpp");
    common.timestamp_ms = turns[first].timestamp_ms;
    entry.prompt = std::move(turns[first].text);
    entry.parts.edit().more_texts = std::move(turns[first].more_texts);
    if (turns[first].role != entry.parts->role) entry.parts.edit().role = std::move(turns[first].role);
    entry.max_tokens = turns[first].max_tokens ? turns[first].max_tokens : fallback_osl.next();
    for (size_t k = first + 1; k < turns.size(); ++k) {
      DatasetTurn t;
      t.prompt = std::move(turns[k].text);
      t.more_texts = std::move(turns[k].more_texts);
      t.role = std::move(turns[k].role);
      t.max_tokens = turns[k].max_tokens ? turns[k].max_tokens : fallback_osl.next();
      t.delay_ms = turns[k].delay_ms * config.conversation_turn_delay_ratio;
      t.timestamp_ms = turns[k].timestamp_ms;
      entry.later_turns.push_back(std::move(t));
    }
    // Per-turn media and body members, indexed by the turn as sent (after any hoisting).
    for (size_t k = first; k < turns.size(); ++k) {
      if (turns[k].has_media) {
        entry.parts.edit().turn_media.resize(k - first);
        entry.parts.edit().turn_media.push_back(std::move(turns[k].media));
      }
      if (!turns[k].extra.empty()) {
        entry.parts.edit().turn_extra_bodies.resize(k - first);
        entry.parts.edit().turn_extra_bodies.push_back(std::move(turns[k].extra));
      }
    }
    add_file_entry(out, config, row, common, std::move(entry));
  });
  return out;
}

}  // namespace aiperf
