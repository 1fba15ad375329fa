// Recorded agentic sessions (agent_trace.h) → conversations of message-turn deltas, shared by
// weka_trace and tracelab (workloads-and-endpoints.md §3.9; the choices are in docs/datasets.md).
#include <algorithm>
#include <map>
#include <random>

#include "common/rng_stream.h"
#include "common/stable_hash.h"
#include "dataset/loaders/agent_trace.h"
#include "dataset/corpus_text.h"
#include "dataset/hash_block_text.h"
#include "dataset/prompt_corpus.h"

namespace aiperf {
namespace {

std::string message(const char* role, const std::string& content) {
  return std::string("{\"role\":\"") + role + "\",\"content\":" + nlohmann::json(content).dump() + "}";
}

void append_message(std::string& messages, const char* role, const std::string& content) {
  if (!messages.empty()) messages += ',';
  messages += message(role, content);
}

// --trace-idle-gap-cap-seconds: every gap between consecutive request times of the trace
// (root and subagents together) longer than the cap shrinks to the cap, later times move up.
class TraceClock {
 public:
  TraceClock(const AgentTrace& trace, std::optional<double> cap_s) {
    if (!cap_s) return;
    std::vector<double> times;
    for (const AgentRequest& r : trace.requests) times.push_back(r.t_s);
    for (const AgentSubagent& s : trace.subagents)
      for (const AgentRequest& r : s.requests) times.push_back(r.t_s);
    std::sort(times.begin(), times.end());
    double shift = 0;
    for (size_t i = 0; i < times.size(); ++i) {
      if (i > 0) shift += std::max(0.0, times[i] - times[i - 1] - *cap_s);
      shifted_[times[i]] = times[i] - shift;
    }
  }
  double operator()(double t_s) const {
    auto it = shifted_.find(t_s);
    return it == shifted_.end() ? t_s : it->second;
  }

 private:
  std::map<double, double> shifted_;
};

// The trace's main model → the first --model, each further distinct model (in order of
// first use) → the next --model, wrapping.
class ModelMap {
 public:
  ModelMap(const AgentTrace& trace, const std::vector<std::string>& names) : names_(names) {
    add(trace.main_model);
    size_t next_parent = 0;
    for (const AgentSubagent& s : trace.subagents) {
      for (; next_parent < s.after_parent_requests && next_parent < trace.requests.size(); ++next_parent)
        add(trace.requests[next_parent].model);
      for (const AgentRequest& r : s.requests) add(r.model);
    }
    for (; next_parent < trace.requests.size(); ++next_parent) add(trace.requests[next_parent].model);
  }
  const std::string& operator()(const std::string& recorded) const {
    auto it = std::find(seen_.begin(), seen_.end(), recorded);
    return names_[size_t(it - seen_.begin()) % names_.size()];
  }

 private:
  void add(const std::string& m) {
    if (std::find(seen_.begin(), seen_.end(), m) == seen_.end()) seen_.push_back(m);
  }
  const std::vector<std::string>& names_;
  std::vector<std::string> seen_;
};

struct TraceContext {
  const DatasetBuildSettings& config;
  const AgentTrace& trace;
  TraceClock clock;
  ModelMap models;
  HashBlockText blocks;
  std::mt19937_64 fresh_rng;
  AgentTraceCounts& counts;
};

double delay_ms(const TraceContext& ctx, const AgentRequest& prev, const AgentRequest& cur) {
  double ms = ctx.config.use_think_time_only ? cur.think_time_s.value_or(0) * 1000.0
                                             : (ctx.clock(cur.t_s) - ctx.clock(prev.t_s)) * 1000.0;
  ms = std::max(0.0, ms) * ctx.config.conversation_turn_delay_ratio;
  if (ctx.config.inter_turn_delay_cap_s) ms = std::min(ms, *ctx.config.inter_turn_delay_cap_s * 1000.0);
  return ms;
}

// Turn 0: the system segment and the first input; turn k: the recorded output of turn k−1
// (cut from turn k's blocks, where the trace recorded it) and the input added since.
std::vector<MessageTurn> build_turns(TraceContext& ctx, const std::vector<AgentRequest>& chain, int64_t system_tokens,
                                     bool parent) {
  std::vector<MessageTurn> turns;
  turns.reserve(chain.size());
  for (size_t k = 0; k < chain.size(); ++k) {
    const AgentRequest& r = chain[k];
    MessageTurn turn;
    if (k == 0) {
      const int64_t system = std::min(system_tokens, r.input_tokens - 1);
      if (system > 0) append_message(turn.messages, "system", ctx.blocks.text(r.hash_ids, 0, system, ctx.fresh_rng));
      append_message(turn.messages, "user",
                     ctx.blocks.text(r.hash_ids, std::max<int64_t>(system, 0), r.input_tokens, ctx.fresh_rng));
    } else {
      const AgentRequest& prev = chain[k - 1];
      const int64_t history_end = prev.input_tokens + prev.output_tokens;
      if (prev.output_tokens > 0)
        append_message(turn.messages, "assistant",
                       ctx.blocks.text(r.hash_ids, prev.input_tokens, history_end, ctx.fresh_rng));
      // A context that shrank (compaction) cannot be a delta: the turn adds one token.
      if (r.input_tokens < history_end) ++ctx.counts.turns_with_shrunk_context;
      const int64_t end = std::max(r.input_tokens, history_end + 1);
      append_message(turn.messages, "user", ctx.blocks.text(r.hash_ids, history_end, end, ctx.fresh_rng));
      turn.delay_ms = delay_ms(ctx, prev, r);
    }
    turn.model = ctx.models(r.model);
    turn.max_tokens = r.max_tokens;
    if (parent && ctx.config.synthesis_max_osl) turn.max_tokens = std::min(r.max_tokens, *ctx.config.synthesis_max_osl);
    turn.timestamp_ms = ctx.trace.start_ms + ctx.clock(r.t_s) * 1000.0;
    turns.push_back(std::move(turn));
  }
  return turns;
}

int64_t peak_context(const AgentTrace& trace) {
  int64_t peak = 0;
  for (const AgentRequest& r : trace.requests) peak = std::max(peak, r.input_tokens + r.output_tokens);
  for (const AgentSubagent& s : trace.subagents)
    for (const AgentRequest& r : s.requests) peak = std::max(peak, r.input_tokens + r.output_tokens);
  return peak;
}

void add_trace(TraceContext& ctx, FileDataset& out) {
  const AgentTrace& trace = ctx.trace;
  const size_t root = out.dataset.entries.size();
  DatasetEntry entry;
  entry.conversation_id = trace.id;
  entry.model = ctx.config.model_names.front();
  entry.agentic.edit().capture_replies = false;
  entry.agentic.edit().turns = build_turns(ctx, trace.requests, trace.system_tokens, /*parent=*/true);
  out.dataset.entries.push_back(std::move(entry));
  out.timestamps_ms.push_back(out.dataset.entries[root].agentic->turns.front().timestamp_ms);
  out.lines.push_back(0);

  for (const AgentSubagent& s : trace.subagents) {
    if (s.requests.empty()) continue;  // nothing was sent
    if (s.after_parent_requests == 0) {
      ++ctx.counts.subagents_without_parent;
      continue;
    }
    DatasetEntry child;
    child.conversation_id = trace.id + "::sa:" + s.agent_id;
    child.model = ctx.models(s.requests.front().model);
    child.agentic.edit().capture_replies = false;
    child.is_child = true;
    child.agent_depth = 1;
    child.agentic.edit().turns = build_turns(ctx, s.requests, s.system_tokens, /*parent=*/false);
    ChildLaunch launch;
    launch.child = uint32_t(out.dataset.entries.size());
    launch.join_at = s.after_parent_requests < trace.requests.size() ? uint32_t(s.after_parent_requests)
                                                                       : ChildLaunch::kNoJoin;
    out.dataset.entries[root].agentic.edit().turns[s.after_parent_requests - 1].launches.push_back(launch);
    out.dataset.entries.push_back(std::move(child));
    out.timestamps_ms.push_back(std::nullopt);
    out.lines.push_back(0);
  }
}

}  // namespace

AgentTraceCounts add_agent_conversations(const std::vector<AgentTrace>& traces, const DatasetBuildSettings& config,
                                         const Tokenizer& tokenizer, FileDataset& out) {
  AgentTraceCounts counts;
  // Upstream's agentic-coding loaders default to the coding corpus (§2.2).
  const std::vector<int32_t> corpus =
      prompt_corpus_ids(prompt_corpus(config, PromptCorpus::coding), tokenizer);
  // Without --random-seed every trace gets fresh block content; with it, content is a pure
  // function of (seed, trace id, hash id).
  std::mt19937_64 key_rng = make_rng_stream(config.random_seed, "dataset.agent_trace.block_key");
  const uint64_t base_key = key_rng();
  for (const AgentTrace& trace : traces) {
    if (config.max_context_length && peak_context(trace) > *config.max_context_length) {
      ++counts.traces_over_context;
      continue;
    }
    TraceContext ctx{config,
                     trace,
                     TraceClock(trace, config.trace_idle_gap_cap_s),
                     ModelMap(trace, config.model_names),
                     HashBlockText(corpus, tokenizer, trace.block_size, base_key ^ fnv1a64(trace.id)),
                     make_rng_stream(config.random_seed, "dataset.agent_trace.fresh." + trace.id),
                     counts};
    add_trace(ctx, out);
  }
  return counts;
}

std::string agent_trace_note(const char* type, size_t traces, const AgentTraceCounts& counts) {
  std::string note;
  auto add = [&](size_t n, const std::string& what) {
    if (n == 0) return;
    note += std::string(note.empty() ? "" : "; ") + std::to_string(n) + " " + what;
  };
  add(counts.traces_over_context, "of " + std::to_string(traces) + " traces dropped (peak context over --max-context-length)");
  add(counts.subagents_without_parent, "subagents dropped (no parent request before them)");
  add(counts.turns_with_shrunk_context, "turns whose context shrank (compaction) replayed as appends");
  return note.empty() ? note : std::string(type) + ": " + note;
}

}  // namespace aiperf
