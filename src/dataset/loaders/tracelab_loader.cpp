// --custom-dataset-type tracelab (workloads-and-endpoints.md §3.10): the uw-syfi TraceLab corpus
// of agentic coding sessions, JSONL (gzip allowed), one line per LLM round, token counts and
// wall-clock events only. Each session's rounds get virtual hash ids from the prefix/append
// split; sessions running inside another session's tool wait become its subagents; the result
// goes through the weka reconstruction (agent_trace.h). The rules are in docs/datasets.md.
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "common/log.h"
#include "config/env_settings.h"
#include "config/user_json_nesting.h"
#include "dataset/loaders/agent_trace.h"
#include "dataset/iso8601_time.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

constexpr int64_t kTracelabBlockSize = 64;    // upstream's loader default

struct Round {
  int64_t index = 0;
  int64_t input_tokens = 1, prefix_tokens = 0, output_tokens = 0, reasoning_tokens = 0;
  std::string model;
  double submit_ms = 0, end_ms = 0;
  size_t line = 0;
};

struct Session {
  std::string id, user, project;
  std::vector<Round> rounds;  // by round_index
  double start_ms = 0, end_ms = 0;
  int parent = -1;  // index of the root session it runs under
};

// Every line of a plain or gzip file (zlib reads both), 1-based numbers.
template <class Fn>
void for_each_line(const std::string& path, Fn fn) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) throw ConfigError("--input-file " + path + ": cannot open file");
  // fn throws on a bad line: the file must be closed on that path too.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> closer(f, gzclose);
  std::string line;
  char buf[1 << 16];
  size_t number = 0;
  bool more = true;
  while (more) {
    more = gzgets(f, buf, sizeof buf) != nullptr;
    if (more) line += buf;
    if (more && (line.empty() || line.back() != '\n')) continue;  // a line longer than buf
    if (!line.empty() || more) {
      ++number;
      if (line.find_first_not_of(" \t\r\n") != std::string::npos) fn(number, line);
    }
    line.clear();
  }
  int err = 0;
  const char* msg = gzerror(f, &err);
  const std::string error = err != Z_OK && err != Z_STREAM_END ? msg : "";
  if (!error.empty()) throw ConfigError("--input-file " + path + ": cannot read (" + error + ")");
}

double event_time(const JsonlRow& row, const json& event, size_t i) {
  const std::string at = "timing_events[" + std::to_string(i) + "]";
  if (!event.is_object()) row.fail(at + " must be an object");
  auto ts = event.find("ts");
  if (ts == event.end()) ts = event.find("timestamp");
  if (ts == event.end() || !ts->is_string()) row.fail(at + " has no ISO-8601 'ts' string");
  std::optional<double> ms = iso8601_ms(*ts);
  if (!ms) row.fail(at + ".ts '" + ts->get<std::string>() + "' is not an ISO-8601 time");
  return *ms;
}

// Submission = the last input event (user message or tool result) that fed the round, else
// its first event; end = its last event.
void read_times(const JsonlRow& row, Round& r) {
  auto events = row.value.find("timing_events");
  if (events == row.value.end() || !events->is_array() || events->empty())
    row.fail("'timing_events' must be a non-empty list (the round's send time comes from it)");
  std::optional<double> last_input;
  double first = 0, last = 0;
  for (size_t i = 0; i < events->size(); ++i) {
    const double ms = event_time(row, (*events)[i], i);
    first = i == 0 ? ms : std::min(first, ms);
    last = i == 0 ? ms : std::max(last, ms);
    auto type = (*events)[i].find("type");
    if (type != (*events)[i].end() && type->is_string() && (*type == "user_message" || *type == "tool_result"))
      last_input = std::max(last_input.value_or(ms), ms);
  }
  r.submit_ms = last_input.value_or(first);
  r.end_ms = last;
}

void read_row(const JsonlRow& row, std::map<std::string, Session>& sessions) {
  const std::optional<std::string> id = row.string("session_id");
  if (!id || id->empty()) row.fail("missing required field 'session_id'");
  Round r;
  r.line = row.line;
  const std::optional<int64_t> index = row.integer("round_index", 0);
  const std::optional<int64_t> total = row.prompt_tokens("input_tokens_total");
  const std::optional<int64_t> output = row.integer("output_tokens", 0);
  if (!index || !total || !output)
    row.fail("missing required field '" + std::string(!index ? "round_index" : !total ? "input_tokens_total" : "output_tokens") + "'");
  r.index = *index;
  r.input_tokens = *total;
  r.output_tokens = *output;
  r.reasoning_tokens = row.integer("reasoning_output_tokens", 0).value_or(0);
  const std::optional<int64_t> prefix = row.integer("prefix_tokens", 0);
  const std::optional<int64_t> append = row.integer("newly_append_tokens", 0);
  r.prefix_tokens = prefix.value_or(append ? r.input_tokens - *append : 0);
  if (r.prefix_tokens < 0 || r.prefix_tokens > r.input_tokens || (prefix && append && *prefix + *append != r.input_tokens))
    row.fail("prefix_tokens + newly_append_tokens must equal input_tokens_total " + std::to_string(r.input_tokens));
  r.model = row.string("model").value_or("");
  read_times(row, r);
  Session& s = sessions[*id];
  s.id = *id;
  s.user = row.string("user").value_or("");
  s.project = row.string("project").value_or("");
  s.rounds.push_back(std::move(r));
}

void sort_rounds(const std::string& path, Session& s) {
  std::sort(s.rounds.begin(), s.rounds.end(), [](const Round& a, const Round& b) { return a.index < b.index; });
  for (size_t i = 1; i < s.rounds.size(); ++i)
    if (s.rounds[i].index == s.rounds[i - 1].index)
      throw ConfigError("--input-file " + path + ", line " + std::to_string(s.rounds[i].line) + ": round_index " +
                        std::to_string(s.rounds[i].index) + " of session '" + s.id + "' already on line " +
                        std::to_string(s.rounds[i - 1].line));
  s.start_ms = s.rounds.front().submit_ms;
  s.end_ms = s.start_ms;
  for (const Round& r : s.rounds) s.end_ms = std::max(s.end_ms, r.end_ms);
}

// How many of `parent`'s rounds were sent at or before `t`.
size_t rounds_before(const Session& parent, double t) {
  size_t k = 0;
  while (k < parent.rounds.size() && parent.rounds[k].submit_ms <= t) ++k;
  return k;
}

// `child` ran as a subagent of `parent`: same user and project, started after the parent and
// ran wholly inside one of the parent's waits (between two of its rounds, or after its last
// round but before its last event) that lasted at least min_spawn_ms.
bool contains(const Session& parent, const Session& child, double min_spawn_ms) {
  if (&parent == &child || parent.user.empty() || parent.project.empty() || parent.user != child.user ||
      parent.project != child.project || !(parent.start_ms < child.start_ms))
    return false;
  const size_t k = rounds_before(parent, child.start_ms);
  const double wait_end = k < parent.rounds.size() ? parent.rounds[k].submit_ms : parent.end_ms;
  return child.end_ms <= wait_end && wait_end - parent.rounds[k - 1].submit_ms >= min_spawn_ms;
}

// Roots are sessions inside no other; every other session goes under the root that contains
// it and started last (the innermost). Deeper nesting is flattened to depth 1.
void link_subagents(std::vector<Session>& sessions, double min_spawn_ms) {
  std::vector<bool> root(sessions.size(), true);
  for (size_t c = 0; c < sessions.size(); ++c)
    for (size_t p = 0; p < sessions.size() && root[c]; ++p)
      if (contains(sessions[p], sessions[c], min_spawn_ms)) root[c] = false;
  for (size_t c = 0; c < sessions.size(); ++c) {
    if (root[c]) continue;
    for (size_t p = 0; p < sessions.size(); ++p)
      if (root[p] && contains(sessions[p], sessions[c], min_spawn_ms) &&
          (sessions[c].parent < 0 || sessions[p].start_ms > sessions[size_t(sessions[c].parent)].start_ms))
        sessions[c].parent = int(p);
  }
}

// Virtual hash ids: a round keeps the ids of the previous round's blocks that lie wholly in
// its cached prefix and mints fresh ids for the rest.
std::vector<AgentRequest> session_requests(const Session& s, double zero_ms, int64_t block_size, int64_t& next_id) {
  std::vector<AgentRequest> out;
  for (size_t i = 0; i < s.rounds.size(); ++i) {
    const Round& r = s.rounds[i];
    AgentRequest q;
    q.t_s = (r.submit_ms - zero_ms) / 1000.0;
    q.model = r.model;
    q.input_tokens = r.input_tokens;
    q.output_tokens = r.output_tokens;
    q.max_tokens = std::max<int64_t>(1, r.output_tokens + r.reasoning_tokens);
    const size_t blocks = size_t((r.input_tokens + block_size - 1) / block_size);
    if (i > 0) {
      const std::vector<int64_t>& prev = out.back().hash_ids;
      const size_t kept = std::min({size_t(r.prefix_tokens / block_size), prev.size(), blocks});
      q.hash_ids.assign(prev.begin(), prev.begin() + std::ptrdiff_t(kept));
      q.think_time_s = std::max(0.0, r.submit_ms - s.rounds[i - 1].end_ms) / 1000.0;
    }
    while (q.hash_ids.size() < blocks) q.hash_ids.push_back(next_id++);
    out.push_back(std::move(q));
  }
  return out;
}

}  // namespace

FileDataset load_tracelab(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  const std::string& path = *config.input_file;
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError("--custom-dataset-type tracelab needs a chat endpoint (its turns are message lists)");
  const double min_spawn_ms = env_settings().dataset_tracelab_min_spawn_ms;
  const bool link = env_settings().dataset_tracelab_subagent_join;
  const int64_t block_size = config.isl_block_size.value_or(kTracelabBlockSize);

  std::map<std::string, Session> by_id;
  for_each_line(path, [&](size_t number, const std::string& line) {
    require_json_nesting(line, "--input-file " + path, number);
    json value = json::parse(line, nullptr, /*allow_exceptions=*/false);
    JsonlRow row{path, number, value};
    if (!value.is_object()) row.fail("not a JSON object");
    read_row(row, by_id);
  });
  if (by_id.empty()) throw ConfigError("--input-file " + path + ": no rows");
  std::vector<Session> sessions;
  for (auto& [id, s] : by_id) {
    sort_rounds(path, s);
    sessions.push_back(std::move(s));
  }
  std::stable_sort(sessions.begin(), sessions.end(),
                   [](const Session& a, const Session& b) { return a.start_ms < b.start_ms; });
  if (link) link_subagents(sessions, min_spawn_ms);

  std::vector<AgentTrace> traces;
  std::vector<size_t> trace_of(sessions.size());
  int64_t next_id = 0;
  for (size_t i = 0; i < sessions.size(); ++i) {
    if (sessions[i].parent >= 0) continue;
    AgentTrace t;
    t.id = sessions[i].id;
    t.where = path;
    t.block_size = block_size;
    t.start_ms = sessions[i].start_ms;
    t.main_model = sessions[i].rounds.front().model;
    t.requests = session_requests(sessions[i], t.start_ms, block_size, next_id);
    trace_of[i] = traces.size();
    traces.push_back(std::move(t));
  }
  for (size_t i = 0; i < sessions.size(); ++i) {  // in start order, so children are too
    if (sessions[i].parent < 0) continue;
    const Session& parent = sessions[size_t(sessions[i].parent)];
    AgentTrace& t = traces[trace_of[size_t(sessions[i].parent)]];
    AgentSubagent sa;
    sa.agent_id = sessions[i].id;
    sa.t_s = (sessions[i].start_ms - t.start_ms) / 1000.0;
    sa.requests = session_requests(sessions[i], t.start_ms, block_size, next_id);
    sa.after_parent_requests = rounds_before(parent, sessions[i].start_ms);
    t.subagents.push_back(std::move(sa));
  }
  FileDataset out;
  const AgentTraceCounts counts = add_agent_conversations(traces, config, tokenizer, out);
  if (out.dataset.entries.empty())
    throw ConfigError("--input-file " + path + ": all " + std::to_string(traces.size()) +
                      " sessions exceed --max-context-length " + std::to_string(config.max_context_length.value_or(0)));
  console_notes() << "note: tracelab: " << sessions.size() << " sessions -> " << traces.size() << " root conversations, "
            << sessions.size() - traces.size() << " subagents (min spawn wait " << min_spawn_ms << " ms)\n";
  if (std::string note = agent_trace_note("tracelab", traces.size(), counts); !note.empty())
    console_notes() << "note: " << note << "\n";
  return out;
}

}  // namespace aiperf
