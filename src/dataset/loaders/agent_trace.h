#pragma once
// One recorded agentic session (a Claude Code / Codex trajectory) as the weka_trace and tracelab
// loaders read it (workloads-and-endpoints.md §3.9, §3.10), before it becomes conversations:
// a parent chain of LLM requests, each with its full input length and the hash ids of its
// input blocks, plus subagents that ran between two parent requests.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {

struct AgentRequest {
  double t_s = 0;                     // send time, seconds from the trace's start
  std::string model;                  // recorded model (rewritten to a --model value later)
  int64_t input_tokens = 1;           // whole context sent, earlier turns included
  int64_t output_tokens = 0;          // recorded visible output (goes into the next turn's history)
  int64_t max_tokens = 1;             // what the request may generate (reasoning included)
  std::vector<int64_t> hash_ids;      // one id per block of the input, in order
  std::optional<double> think_time_s; // idle time before this request (--use-think-time-only)
};

struct AgentSubagent {
  double t_s = 0;
  std::string agent_id;
  int64_t system_tokens = 0;  // tool_tokens + system_tokens: the system message of turn 0
  std::vector<AgentRequest> requests;
  // How many parent requests come before it: the last of them launches it and the next one
  // waits for it (SPAWN_JOIN).
  size_t after_parent_requests = 0;
};

struct AgentTrace {
  std::string id;           // root conversation id
  std::string where;        // the file (and line) it came from, for messages
  int64_t block_size = 64;  // tokens per hash id
  int64_t system_tokens = 0;
  std::string main_model;   // maps to the first --model
  std::vector<AgentRequest> requests;
  std::vector<AgentSubagent> subagents;
  // Absolute time (ms) of t_s = 0: a tracelab session's wall-clock start; 0 for weka traces,
  // whose times are relative (an explicit --fixed-schedule then starts every trace at once).
  double start_ms = 0;
};

// What the reconstruction left out, for the one-line note the loaders print.
struct AgentTraceCounts {
  size_t traces_over_context = 0;      // --max-context-length
  size_t subagents_without_parent = 0; // no parent request before them
  size_t turns_with_shrunk_context = 0;  // input shorter than the history (compaction): replayed as appends
};

// Appends each trace's root conversation, then its subagent children, to `out`: message turns
// of system/user/assistant deltas whose text is cut from per-trace hash-id blocks, recorded
// outputs in the history (capture_replies = false), models rewritten onto config.model_names,
// delays and timestamps after --use-think-time-only, --ignore-trace-delays, the idle-gap and
// inter-turn caps, --synthesis-max-osl on parent turns and --max-context-length.
AgentTraceCounts add_agent_conversations(const std::vector<AgentTrace>& traces, const DatasetBuildSettings& config,
                                         const Tokenizer& tokenizer, FileDataset& out);

// One weka trace document (§3.9, strict schema) as an AgentTrace; errors read "<origin>: <json
// path>: ...". `where` names it in later messages. Used by weka_trace files and HF weka datasets.
AgentTrace read_weka_trace(const nlohmann::json& doc, const std::string& origin, const std::string& where);

// The note printed after loading, or empty when nothing was left out or changed.
std::string agent_trace_note(const char* type, size_t traces, const AgentTraceCounts& counts);

}  // namespace aiperf
