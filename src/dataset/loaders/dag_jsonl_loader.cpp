// --custom-dataset-type dag_jsonl (workloads-and-endpoints.md §5.2): one conversation per
// line; turns are message lists, and a turn may FORK children (they continue from the
// parent's history) or SPAWN them (fresh history, the parent may wait for them at a later
// turn). Conversations nobody launches are the roots, the only ones sampled as sessions.
// The schema is strict: an unknown key is an error, as upstream.
#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>

#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

struct ChildRef {
  std::string id;
  bool fork = false;
  bool background = false;  // fork only: the parent goes on without waiting
  std::optional<int64_t> join_at;  // spawn with an explicit join turn (0-based)
};

struct DagFileTurn {
  MessageTurn turn;
  std::vector<bool> system_messages;  // per message: role is "system"
  std::vector<ChildRef> children;
};

struct FileConversation {
  std::string id;
  size_t line = 0;
  std::vector<DagFileTurn> turns;
  std::vector<std::string> pre_session_spawns;
  std::string context_mode = "deltas_without_responses";
};

void reject_unknown_keys(const JsonlRow& row, const json& object, std::initializer_list<const char*> known,
                         const std::string& what) {
  for (const auto& item : object.items()) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    const std::string& key = item.key();
    if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
      row.fail("unknown key '" + key + "' in " + what);
  }
}

std::string child_id(const JsonlRow& row, const json& v, const std::string& what) {
  if (!v.is_string() || v.get<std::string>().empty()) row.fail(what + " must be a non-empty session_id string, got " + v.dump());
  return v.get<std::string>();
}

void read_forks(const JsonlRow& turn, const json& list, DagFileTurn& out) {
  if (!list.is_array()) turn.fail("'forks' must be a list");
  for (const json& f : list) {
    ChildRef ref;
    ref.fork = true;
    if (f.is_object()) {
      reject_unknown_keys(turn, f, {"child", "background"}, "a fork");
      if (!f.contains("child")) turn.fail("a fork object needs 'child'");
      ref.id = child_id(turn, f.at("child"), "fork 'child'");
      if (auto b = f.find("background"); b != f.end()) {
        if (!b->is_boolean()) turn.fail("fork 'background' must be true or false, got " + b->dump());
        ref.background = b->get<bool>();
      }
    } else {
      ref.id = child_id(turn, f, "a fork");
    }
    out.children.push_back(std::move(ref));
  }
}

void read_spawns(const JsonlRow& turn, const json& list, DagFileTurn& out) {
  if (!list.is_array()) turn.fail("'spawns' must be a list");
  for (const json& s : list) {
    if (!s.is_object()) {
      out.children.push_back(ChildRef{child_id(turn, s, "a spawn"), false, false, std::nullopt});
      continue;
    }
    reject_unknown_keys(turn, s, {"children", "join_at"}, "a spawn");
    auto children = s.find("children");
    if (children == s.end() || !children->is_array() || children->empty())
      turn.fail("a spawn object needs a non-empty 'children' list");
    auto join = s.find("join_at");
    if (join == s.end() || !join->is_number_integer()) turn.fail("a spawn object needs an integer 'join_at'");
    for (const json& c : *children)
      out.children.push_back(ChildRef{child_id(turn, c, "a spawn child"), false, false, join->get<int64_t>()});
  }
}

DagFileTurn read_turn(const JsonlRow& turn, FallbackOutputLength& fallback_osl, double delay_ratio) {
  reject_unknown_keys(turn, turn.value, {"messages", "model", "max_tokens", "tools", "extra", "forks", "spawns", "delay"},
                      "a turn");
  DagFileTurn t;
  auto messages = turn.value.find("messages");
  if (messages == turn.value.end() || !messages->is_array() || messages->empty())
    turn.fail("'messages' must be a non-empty list of message objects");
  for (const json& m : *messages) {
    if (!m.is_object()) turn.fail("a message must be an object, got " + m.dump());
    auto role = m.find("role");
    if (role == m.end() || !role->is_string()) turn.fail("a message needs a string 'role': " + m.dump());
    if (!t.turn.messages.empty()) t.turn.messages += ',';
    t.turn.messages += m.dump();
    t.system_messages.push_back(role->get<std::string>() == "system");
  }
  if (std::optional<std::string> model = turn.string("model")) {
    if (model->empty()) turn.fail("'model' must not be empty");
    t.turn.model = *model;
  }
  t.turn.max_tokens = turn.integer("max_tokens", 1);
  if (!t.turn.max_tokens) t.turn.max_tokens = fallback_osl.next();
  if (turn.has("tools")) {
    if (!turn.value.at("tools").is_array()) turn.fail("'tools' must be a list of tool definitions");
    t.turn.tools = turn.value.at("tools").dump();
  }
  if (turn.has("extra")) {
    const json& extra = turn.value.at("extra");
    if (!extra.is_object()) turn.fail("'extra' must be an object (its members go into the request body)");
    if (extra.contains("messages")) turn.fail("'extra' must not set 'messages' (use the turn's 'messages')");
    if (!extra.empty()) t.turn.extra = extra.dump();
  }
  t.turn.delay_ms = turn.number("delay", 0).value_or(0) * delay_ratio;
  if (turn.has("forks")) read_forks(turn, turn.value.at("forks"), t);
  if (turn.has("spawns")) read_spawns(turn, turn.value.at("spawns"), t);
  return t;
}

FileConversation read_conversation(const JsonlRow& row, FallbackOutputLength& fallback_osl, double delay_ratio) {
  reject_unknown_keys(row, row.value,
                      {"session_id", "turns", "pre_session_spawns", "orchestrator", "spawns", "rounds", "think_time_ms",
                       "think_time_sigma", "think_time_min_ms", "think_time_max_ms", "context_mode"},
                      "a conversation");
  // Orchestrators send no request of their own and re-sample their fan-out each round: a
  // different execution model, not built yet (docs/datasets.md).
  if (auto o = row.value.find("orchestrator"); o != row.value.end() && !(o->is_boolean() && !o->get<bool>()))
    row.fail("orchestrator conversations are not supported yet by aiperf-cpp");
  row.reject({"spawns", "rounds", "think_time_ms", "think_time_sigma", "think_time_min_ms", "think_time_max_ms"});
  FileConversation c;
  c.line = row.line;
  std::optional<std::string> id = row.string("session_id");
  if (!id || id->empty()) row.fail("missing required field 'session_id'");
  c.id = *id;
  if (std::optional<std::string> mode = row.string("context_mode")) {
    if (*mode != "deltas_without_responses" && *mode != "deltas_with_responses" &&
        *mode != "message_array_with_responses")
      row.fail("'context_mode' must be one of deltas_without_responses, deltas_with_responses, "
               "message_array_with_responses, got '" + *mode + "'");
    c.context_mode = *mode;
  }
  auto turns = row.value.find("turns");
  if (turns == row.value.end() || !turns->is_array() || turns->empty())
    row.fail("'turns' must be a non-empty list of turn objects");
  for (size_t k = 0; k < turns->size(); ++k) {
    JsonlRow turn{row.path, row.line, (*turns)[k], "turn " + std::to_string(k)};
    if (!(*turns)[k].is_object()) turn.fail("expected a JSON object, got " + std::string((*turns)[k].type_name()));
    c.turns.push_back(read_turn(turn, fallback_osl, delay_ratio));
  }
  if (row.has("pre_session_spawns")) {
    const json& list = row.value.at("pre_session_spawns");
    if (!list.is_array()) row.fail("'pre_session_spawns' must be a list of session_ids");
    for (const json& s : list) c.pre_session_spawns.push_back(child_id(row, s, "a pre_session_spawns entry"));
  }
  return c;
}

// Resolves child ids into launches, checking the rules of §5.2 that need the whole file.
class DagBuilder {
 public:
  DagBuilder(const DatasetBuildSettings& config, std::vector<FileConversation> convs)
      : path_(*config.input_file), convs_(std::move(convs)) {}

  FileDataset build(const DatasetBuildSettings& config) {
    index_ids();
    std::vector<DatasetEntry> entries(convs_.size());
    for (size_t i = 0; i < convs_.size(); ++i) resolve_launches(i, entries[i]);
    check_acyclic(entries);
    mark_depths(entries);
    for (size_t i = 0; i < convs_.size(); ++i) finish_entry(config, i, entries[i]);
    FileDataset out;
    for (size_t i = 0; i < convs_.size(); ++i) {
      out.dataset.entries.push_back(std::move(entries[i]));
      out.timestamps_ms.push_back(std::nullopt);
      out.lines.push_back(convs_[i].line);
    }
    return out;
  }

 private:
  [[noreturn]] void fail(size_t conv, const std::string& where, const std::string& message) const {
    throw ConfigError("--input-file " + path_ + ", line " + std::to_string(convs_[conv].line) +
                      (where.empty() ? "" : ", " + where) + ": " + message);
  }

  void index_ids() {
    for (size_t i = 0; i < convs_.size(); ++i) {
      auto [it, fresh] = index_.try_emplace(convs_[i].id, i);
      if (!fresh)
        fail(i, "", "duplicate session_id '" + convs_[i].id + "' (first on line " +
                        std::to_string(convs_[it->second].line) + ")");
    }
    fork_parent_.assign(convs_.size(), SIZE_MAX);
    launched_.assign(convs_.size(), false);
  }

  uint32_t lookup(size_t conv, const std::string& where, const std::string& id) const {
    auto it = index_.find(id);
    if (it == index_.end()) fail(conv, where, "unknown child session_id '" + id + "'");
    if (it->second == conv) fail(conv, where, "session '" + id + "' launches itself");
    return uint32_t(it->second);
  }

  void resolve_launches(size_t i, DatasetEntry& entry) {
    const FileConversation& c = convs_[i];
    const uint32_t turns = uint32_t(c.turns.size());
    for (const std::string& id : c.pre_session_spawns) {
      uint32_t child = lookup(i, "pre_session_spawns", id);
      launched_[child] = true;
      entry.agentic.edit().pre_session_spawns.push_back(ChildLaunch{child, false, ChildLaunch::kNoJoin});
    }
    for (uint32_t t = 0; t < turns; ++t) {
      const std::string where = "turn " + std::to_string(t);
      const bool last = t + 1 == turns;
      for (const ChildRef& ref : c.turns[t].children) {
        ChildLaunch launch{lookup(i, where, ref.id), ref.fork, ChildLaunch::kNoJoin};
        launched_[launch.child] = true;
        if (ref.fork) {
          // A fork continues the parent's history: two parents would make two histories.
          if (fork_parent_[launch.child] != SIZE_MAX)
            fail(i, where, "session '" + ref.id + "' is already forked from '" + convs_[fork_parent_[launch.child]].id +
                               "' (a session may be the fork target of only one parent)");
          fork_parent_[launch.child] = i;
          if (!last && !ref.background)
            fail(i, where, "fork of '" + ref.id + "' before the last turn must be {\"child\": \"" + ref.id +
                               "\", \"background\": true} (only the last turn may fork and end)");
        } else {
          if (ref.join_at) {
            if (*ref.join_at <= int64_t(t) || *ref.join_at >= int64_t(turns))
              fail(i, where, "spawn of '" + ref.id + "': join_at " + std::to_string(*ref.join_at) +
                                 " is out of range (a later turn of this conversation: " +
                                 (t + 1 < turns ? std::to_string(t + 1) + ".." + std::to_string(turns - 1)
                                                : std::string("none, this is the last turn")) +
                                 ")");
            launch.join_at = uint32_t(*ref.join_at);
          } else if (!last) {
            launch.join_at = t + 1;  // a bare spawn joins at the next turn; on the last turn nobody waits
          }
        }
        entry.agentic.edit().turns.resize(turns);
        entry.agentic.edit().turns[t].launches.push_back(launch);
      }
    }
  }

  void check_acyclic(const std::vector<DatasetEntry>& entries) const {
    enum : uint8_t { unseen, open, done };
    std::vector<uint8_t> state(convs_.size(), unseen);
    std::vector<size_t> path;
    std::function<void(size_t)> visit = [&](size_t i) {
      state[i] = open;
      path.push_back(i);
      auto edge = [&](uint32_t child) {
        if (state[child] == open) {
          std::string cycle;
          for (auto it = std::find(path.begin(), path.end(), child); it != path.end(); ++it)
            cycle += convs_[*it].id + " -> ";
          fail(child, "", "the launches form a cycle: " + cycle + convs_[child].id);
        }
        if (state[child] == unseen) visit(child);
      };
      for (const ChildLaunch& l : entries[i].agentic->pre_session_spawns) edge(l.child);
      for (const MessageTurn& t : entries[i].agentic->turns)
        for (const ChildLaunch& l : t.launches) edge(l.child);
      path.pop_back();
      state[i] = done;
    };
    for (size_t i = 0; i < convs_.size(); ++i)
      if (state[i] == unseen) visit(i);
  }

  // Depth along the shortest launch chain from a root (a shared spawn target may sit at
  // several depths; at run time each instance carries its own, parent's + 1).
  void mark_depths(std::vector<DatasetEntry>& entries) const {
    std::vector<uint32_t> depth(convs_.size(), UINT32_MAX);
    std::vector<size_t> frontier;
    for (size_t i = 0; i < convs_.size(); ++i)
      if (!launched_[i]) {
        depth[i] = 0;
        frontier.push_back(i);
      }
    for (size_t k = 0; k < frontier.size(); ++k) {
      const size_t i = frontier[k];
      auto reach = [&](uint32_t child) {
        if (depth[child] != UINT32_MAX) return;
        depth[child] = depth[i] + 1;
        frontier.push_back(child);
      };
      for (const ChildLaunch& l : entries[i].agentic->pre_session_spawns) reach(l.child);
      for (const MessageTurn& t : entries[i].agentic->turns)
        for (const ChildLaunch& l : t.launches) reach(l.child);
    }
    for (size_t i = 0; i < convs_.size(); ++i) {
      entries[i].is_child = launched_[i];
      entries[i].agent_depth = depth[i];
    }
  }

  void finish_entry(const DatasetBuildSettings& config, size_t i, DatasetEntry& entry) {
    FileConversation& c = convs_[i];
    const bool fork_child = fork_parent_[i] != SIZE_MAX;
    for (size_t t = 0; t < c.turns.size(); ++t)
      for (bool system : c.turns[t].system_messages)
        if (system && (t > 0 || fork_child))
          fail(i, "turn " + std::to_string(t),
               "a 'system' message is only allowed on turn 0 of a root or of a spawned child" +
                   (fork_child ? " (session '" + c.id + "' is forked from '" + convs_[fork_parent_[i]].id + "')"
                               : std::string()));
    // A root starts when the load mode says; think time only runs after a reply (or a launch).
    if (!launched_[i] && c.turns[0].turn.delay_ms != 0)
      fail(i, "turn 0", "'delay' on a root conversation's first turn is not supported (it has no earlier reply to wait after)");
    entry.conversation_id = c.id;
    entry.model = config.model_names.front();
    entry.resend_history = c.context_mode != "message_array_with_responses";
    entry.agentic.edit().capture_replies = c.context_mode == "deltas_without_responses";
    entry.agentic.edit().turns.resize(c.turns.size());
    for (size_t t = 0; t < c.turns.size(); ++t) {
      std::vector<ChildLaunch> launches = std::move(entry.agentic->turns[t].launches);
      entry.agentic.edit().turns[t] = std::move(c.turns[t].turn);
      entry.agentic.edit().turns[t].launches = std::move(launches);
    }
  }

  std::string path_;
  std::vector<FileConversation> convs_;
  std::unordered_map<std::string, size_t> index_;
  std::vector<size_t> fork_parent_;  // SIZE_MAX: not a fork target
  std::vector<bool> launched_;       // some conversation launches it: not a root
};

}  // namespace

FileDataset load_dag_jsonl_file(const DatasetBuildSettings& config, const Tokenizer&) {
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError("--custom-dataset-type dag_jsonl needs --endpoint-type chat (turns are message lists; --endpoint-type " +
                      std::string(endpoint_type_name(config.endpoint_type)) + " cannot carry them)");
  if (config.fixed_schedule)
    throw ConfigError("--fixed-schedule cannot replay --custom-dataset-type dag_jsonl (its turns have no timestamps)");
  FallbackOutputLength fallback_osl(config);
  std::vector<FileConversation> convs;
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    convs.push_back(read_conversation(row, fallback_osl, config.conversation_turn_delay_ratio));
  });
  return DagBuilder(config, std::move(convs)).build(config);
}

}  // namespace aiperf
