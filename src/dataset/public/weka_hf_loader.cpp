// --public-dataset weka_hf (with --hf-weka-dataset REPO) and semianalysis_cc_traces_weka_<rest>
// (workloads-and-endpoints.md §4, §3.9): a HuggingFace dataset in which each row — a line of a
// JSONL file, an item of a JSON list, or a whole .json file — is one complete weka trace. The
// traces are reconstructed exactly as --custom-dataset-type weka_trace does it.
#include <map>

#include "dataset/loaders/agent_trace.h"
#include "dataset/public/hf_rows.h"
#include "dataset/public/public_dataset.h"

namespace aiperf {

Dataset load_weka_hf_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                           const Tokenizer& tokenizer, std::string& note) {
  const std::string name = config.public_dataset.value_or("");
  if (config.isl_block_size)
    throw ConfigError("--isl-block-size does not apply to --public-dataset " + name +
                      " (each trace sets its own block_size)");
  if (config.endpoint_type != EndpointType::chat)
    throw ConfigError("--public-dataset " + name + " needs a chat endpoint (its turns are message lists)");
  std::vector<AgentTrace> traces;
  std::map<std::string, std::string> where_by_id;
  for_each_hf_row(files, {}, name, [&](const nlohmann::json& row, const std::string& where) {
    traces.push_back(read_weka_trace(row, "--public-dataset " + name + ": " + where, where));
    auto [it, fresh] = where_by_id.emplace(traces.back().id, where);
    if (!fresh)
      throw ConfigError("--public-dataset " + name + ": " + where + ": trace id '" + it->first +
                        "' is also the id of " + it->second);
  });
  FileDataset out;
  const AgentTraceCounts counts = add_agent_conversations(traces, config, tokenizer, out);
  if (!traces.empty() && out.dataset.entries.empty())
    throw ConfigError("--public-dataset " + name + ": all " + std::to_string(traces.size()) +
                      " traces exceed --max-context-length " + std::to_string(config.max_context_length.value_or(0)));
  note = agent_trace_note("weka_trace", traces.size(), counts);
  return std::move(out.dataset);
}

}  // namespace aiperf
