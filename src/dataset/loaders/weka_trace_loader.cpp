// --custom-dataset-type weka_trace (workloads-and-endpoints.md §3.9): Weka KV-cache-tester
// captures of Claude Code sessions, one JSON document per trace, given as one .json file or a
// directory of them. The schema is strict: an unknown key is an error naming the file and the
// JSON path, so a newer capture format is never half-read.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>

#include "common/log.h"
#include "config/dataset_size_limit.h"
#include "config/user_json_nesting.h"
#include "dataset/loaders/agent_trace.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

// One JSON object and its path inside the trace, e.g. "requests[3]".
struct Node {
  const std::string& origin;  // error prefix naming the flag and file, e.g. "--input-file a.json"
  std::string path;
  const json& value;

  [[noreturn]] void fail(const std::string& key, const std::string& message) const {
    std::string at = path;
    if (!key.empty()) at += (at.empty() ? "" : ".") + key;
    throw ConfigError(origin + ": " + (at.empty() ? "" : at + ": ") + message);
  }
  void only(std::initializer_list<const char*> keys) const {
    for (auto it = value.begin(); it != value.end(); ++it)
      if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; }))
        fail(it.key(), "unknown key (the weka_trace schema does not have it)");
  }
  const json* find(const char* key, bool required) const {
    auto it = value.find(key);
    if (it == value.end() || it->is_null()) {
      if (required) fail("", std::string("missing required key '") + key + "'");
      return nullptr;
    }
    return &*it;
  }
  std::optional<double> number(const char* key, bool required) const {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    if (!v->is_number() || v->get<double>() < 0) fail(key, "must be a number >= 0");
    return v->get<double>();
  }
  std::optional<int64_t> integer(const char* key, int64_t min, bool required) const {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    if (!v->is_number_integer() || v->get<int64_t>() < min)
      fail(key, "must be an integer >= " + std::to_string(min));
    return v->get<int64_t>();
  }
  std::optional<std::string> string(const char* key, bool required) const {
    const json* v = find(key, required);
    if (!v) return std::nullopt;
    if (!v->is_string()) fail(key, "must be a string");
    return v->get<std::string>();
  }
  void string_list(const char* key) const {
    const json* v = find(key, false);
    if (v && (!v->is_array() || std::any_of(v->begin(), v->end(), [](const json& s) { return !s.is_string(); })))
      fail(key, "must be a list of strings");
  }
  const json& list(const char* key) const {
    const json* v = find(key, true);
    if (!v->is_array()) fail(key, "must be a list");
    return *v;
  }
  Node child(const std::string& key, size_t index, const json& v) const {
    if (!v.is_object()) fail(key + "[" + std::to_string(index) + "]", "must be an object");
    return Node{origin, (path.empty() ? "" : path + ".") + key + "[" + std::to_string(index) + "]", v};
  }
};

AgentRequest read_request(const Node& n, const std::string& default_model, int64_t block_size) {
  const std::string type = *n.string("type", true);
  if (type != "n" && type != "s") n.fail("type", "'" + type + "' is not one of n, s, subagent");
  n.only({"t", "type", "model", "in", "out", "hash_ids", "input_types", "output_types", "stop", "api_time",
          "think_time", "ttft"});
  if (type == "n" && n.find("ttft", false)) n.fail("ttft", "only streaming requests (type \"s\") have a ttft");
  AgentRequest r;
  r.t_s = *n.number("t", true);
  r.model = n.string("model", false).value_or(default_model);
  r.input_tokens = *n.integer("in", 1, true);
  if (std::string problem = prompt_tokens_problem(r.input_tokens); !problem.empty())
    n.fail("in", std::to_string(r.input_tokens) + ": " + problem);
  r.output_tokens = *n.integer("out", 0, true);
  r.max_tokens = std::max<int64_t>(1, r.output_tokens);
  if (const json* ids = n.find("hash_ids", false)) {
    if (!ids->is_array() || std::any_of(ids->begin(), ids->end(), [](const json& v) { return !v.is_number_integer(); }))
      n.fail("hash_ids", "must be a list of integers");
    r.hash_ids = ids->get<std::vector<int64_t>>();
    const int64_t m = int64_t(r.hash_ids.size());
    if (m > 0 && (m - 1) * block_size >= r.input_tokens)
      n.fail("hash_ids", std::to_string(m) + " ids of block_size " + std::to_string(block_size) + " for in " +
                             std::to_string(r.input_tokens) + " tokens (the last block would be empty)");
  }
  n.string_list("input_types");
  n.string_list("output_types");
  if (auto stop = n.string("stop", false); stop && !stop->empty() && *stop != "tool_use" && *stop != "end_turn")
    n.fail("stop", "'" + *stop + "' is not one of \"\", tool_use, end_turn");
  n.number("api_time", false);
  n.number("ttft", false);
  r.think_time_s = n.number("think_time", false);
  return r;
}

// A chain of requests must be in time order: its delays are the differences.
void require_time_order(const Node& n, const std::string& key, const std::vector<AgentRequest>& chain, size_t index) {
  if (index > 0 && chain[index].t_s < chain[index - 1].t_s)
    n.fail(key + "[" + std::to_string(index) + "].t",
           "is before the previous request's t (requests must be in time order)");
}

AgentSubagent read_subagent(const Node& n, const std::string& default_model, int64_t block_size) {
  n.only({"t", "type", "agent_id", "subagent_type", "status", "duration_ms", "total_tokens", "tool_use_count",
          "models", "tool_tokens", "system_tokens", "requests"});
  AgentSubagent s;
  s.t_s = *n.number("t", true);
  s.agent_id = *n.string("agent_id", true);
  if (s.agent_id.empty()) n.fail("agent_id", "must not be empty");
  n.string("subagent_type", false);
  n.string("status", false);
  n.number("duration_ms", false);
  n.integer("total_tokens", 0, false);
  n.integer("tool_use_count", 0, false);
  n.string_list("models");
  s.system_tokens = n.integer("tool_tokens", 0, false).value_or(0) + n.integer("system_tokens", 0, false).value_or(0);
  std::string model = default_model;
  if (const json* models = n.find("models", false); models && !models->empty()) model = (*models)[0];
  const json& requests = n.list("requests");
  for (size_t i = 0; i < requests.size(); ++i) {
    Node r = n.child("requests", i, requests[i]);
    if (r.string("type", true) == "subagent") r.fail("type", "a subagent's requests cannot be subagents");
    s.requests.push_back(read_request(r, model, block_size));
    require_time_order(n, "requests", s.requests, i);
  }
  return s;
}

}  // namespace

AgentTrace read_weka_trace(const nlohmann::json& doc, const std::string& origin, const std::string& where) {
  if (!doc.is_object()) throw ConfigError(origin + ": a weka trace must be one JSON object");
  Node top{origin, "", doc};
  top.only({"id", "models", "block_size", "hash_id_scope", "tool_tokens", "system_tokens", "totals", "requests"});
  AgentTrace trace;
  trace.where = where;
  trace.id = *top.string("id", true);
  if (trace.id.empty()) top.fail("id", "must not be empty");
  trace.block_size = *top.integer("block_size", 1, true);
  if (auto scope = top.string("hash_id_scope", false); scope && *scope != "local")
    top.fail("hash_id_scope", "'" + *scope + "' is not supported (only \"local\": hash ids per trace)");
  if (const json* totals = top.find("totals", false); totals && !totals->is_object())
    top.fail("totals", "must be an object");
  top.string_list("models");
  trace.system_tokens =
      top.integer("tool_tokens", 0, false).value_or(0) + top.integer("system_tokens", 0, false).value_or(0);
  const json& requests = top.list("requests");
  if (const json* models = top.find("models", false); models && !models->empty()) trace.main_model = (*models)[0];
  for (const json& r : requests)  // no "models" list: the first parent request's model is the main one
    if (trace.main_model.empty() && r.is_object() && r.value("type", "") != "subagent" && r.contains("model") &&
        r["model"].is_string())
      trace.main_model = r["model"];
  for (size_t i = 0; i < requests.size(); ++i) {
    Node n = top.child("requests", i, requests[i]);
    if (n.string("type", true) == "subagent") {
      trace.subagents.push_back(read_subagent(n, trace.main_model, trace.block_size));
      trace.subagents.back().after_parent_requests = trace.requests.size();
    } else {
      trace.requests.push_back(read_request(n, trace.main_model, trace.block_size));
      if (trace.requests.size() > 1 && trace.requests.back().t_s < trace.requests[trace.requests.size() - 2].t_s)
        n.fail("t", "is before the previous parent request's t (requests must be in time order)");
    }
  }
  if (trace.requests.empty()) top.fail("requests", "no parent request (type n or s)");
  return trace;
}

namespace {

AgentTrace read_trace(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + file + ": cannot open file");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  require_json_nesting(text, "--input-file " + file, 1);
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) throw ConfigError("--input-file " + file + ": not valid JSON");
  return read_weka_trace(doc, "--input-file " + file, file);
}

std::vector<std::string> trace_files(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return {path};
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(path, ec))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
  if (files.empty()) throw ConfigError("--input-file " + path + ": directory holds no .json trace file");
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

FileDataset load_weka_trace(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  const std::string& path = *config.input_file;
  if (config.isl_block_size)
    throw ConfigError("--isl-block-size does not apply to --custom-dataset-type weka_trace (each trace sets its "
                      "own block_size)");
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError("--custom-dataset-type weka_trace needs a chat endpoint (its turns are message lists)");
  std::vector<AgentTrace> traces;
  std::map<std::string, std::string> files_by_id;
  for (const std::string& file : trace_files(path)) {
    traces.push_back(read_trace(file));
    auto [it, fresh] = files_by_id.emplace(traces.back().id, file);
    if (!fresh)
      throw ConfigError("--input-file " + file + ": trace id '" + it->first + "' is also the id of " + it->second);
  }
  FileDataset out;
  const AgentTraceCounts counts = add_agent_conversations(traces, config, tokenizer, out);
  if (out.dataset.entries.empty())
    throw ConfigError("--input-file " + path + ": all " + std::to_string(traces.size()) +
                      " traces exceed --max-context-length " + std::to_string(config.max_context_length.value_or(0)));
  if (std::string note = agent_trace_note("weka_trace", traces.size(), counts); !note.empty())
    console_notes() << "note: " << note << "\n";
  return out;
}

}  // namespace aiperf
