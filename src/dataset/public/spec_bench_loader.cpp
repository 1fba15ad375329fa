// --public-dataset spec_bench (workloads-and-endpoints.md §4): SpecBench's question.jsonl (GitHub
// hemingkx/Spec-Bench, data/spec_bench/question.jsonl), one JSON object per line with
// `question_id`, `category` and `turns`. Upstream sends single-turn questions: the first turn of
// each row (the second turns of its MT-Bench rows are not sent; docs/datasets.md).
#include "dataset/public/hf_rows.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/row_entry.h"

namespace aiperf {

Dataset load_spec_bench_file(const std::filesystem::path& file, const DatasetBuildSettings& config) {
  Dataset out;
  FallbackOutputLength osl(config);
  for_each_hf_row({file}, {}, "spec_bench", [&](const nlohmann::json& row, const std::string& where) {
    auto it = row.find("turns");
    if (it == row.end() || !it->is_array() || it->empty() || !(*it)[0].is_string())
      throw ConfigError("--public-dataset spec_bench: " + where + ": 'turns' must be a non-empty list of strings");
    add_row_entry(out, config, osl, (*it)[0].get<std::string>());
  });
  return out;
}

}  // namespace aiperf
