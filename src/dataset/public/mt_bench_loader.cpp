// --public-dataset spec_al_mtbench (workloads-and-endpoints.md §4): HuggingFaceH4/mt_bench_prompts,
// whose `prompt` column is the list of a question's user turns (two in MT-Bench). Each row is one
// conversation; the later turn is sent with the first turn and its live reply as history.
#include "dataset/public/hf_rows.h"
#include "dataset/public/public_dataset.h"
#include "dataset/user_turns_entry.h"

namespace aiperf {

Dataset load_mt_bench_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                            size_t& unsent_turns) {
  const std::string name = config.public_dataset.value_or("");
  Dataset out;
  FallbackOutputLength osl(config);
  std::vector<std::string> texts;
  for_each_hf_row(files, {"prompt"}, name, [&](const nlohmann::json& row, const std::string& where) {
    auto it = row.find("prompt");
    const bool ok = it != row.end() && it->is_array() && !it->empty() &&
                    std::all_of(it->begin(), it->end(), [](const nlohmann::json& t) { return t.is_string(); });
    if (!ok)
      throw ConfigError("--public-dataset " + name + ": " + where +
                        ": 'prompt' must be a non-empty list of strings (the user turns)");
    texts = it->get<std::vector<std::string>>();
    out.entries.push_back(user_turns_entry(texts, config, osl, out.entries.size(), unsent_turns));
  });
  return out;
}

}  // namespace aiperf
