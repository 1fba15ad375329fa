// --public-dataset blazedit_5k / blazedit_10k (workloads-and-endpoints.md §4): vdaita/edit_5k_char
// and edit_10k_char, rows of a source file (`code`) and an edit request (`change`). Each row is one
// single-turn request: both filled into a fixed instruction template. Upstream (after vLLM) uses a
// template of its own; the wording here is aiperf-cpp's (docs/datasets.md).
#include "dataset/public/hf_rows.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/row_entry.h"

namespace aiperf {

std::string blazedit_prompt(std::string_view code, std::string_view change_request) {
  std::string out;
  out.reserve(code.size() + change_request.size() + 200);
  out += "Edit the source file below as the change request asks, and reply with the whole edited file.\n\n";
  out += "Source file:\n```\n";
  out += code;
  out += "\n```\n\nChange request:\n";
  out += change_request;
  out += "\n\nEdited file:\n";
  return out;
}

Dataset load_blazedit_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config) {
  const std::string name = config.public_dataset.value_or("");
  Dataset out;
  FallbackOutputLength osl(config);
  for_each_hf_row(files, {"code", "change"}, name, [&](const nlohmann::json& row, const std::string& where) {
    auto text = [&](const char* column) -> const std::string& {
      auto it = row.find(column);
      if (it == row.end() || !it->is_string())
        throw ConfigError("--public-dataset " + name + ": " + where + ": '" + column + "' must be a string");
      return it->get_ref<const std::string&>();
    };
    add_row_entry(out, config, osl, blazedit_prompt(text("code"), text("change")));
  });
  return out;
}

}  // namespace aiperf
