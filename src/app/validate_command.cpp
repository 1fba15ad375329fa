#include "app/validate_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <set>

#include "cli/subcommand_parse.h"
#include "common/log.h"
#include "config/enum_names.h"
#include "config/profile_config.h"
#include "dataset/loaders/input_file_dataset.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {
namespace {

int validate(const std::string& target, const std::string& input) {
  ProfileConfig config;
  config.model_names = {"validate"};
  config.input_file = input;
  config.custom_dataset_type = parse_choice<CustomDatasetType>("--target", target);
  config.random_seed = 0;  // a fixed seed: the check must not depend on chance
  // Prompts are synthesized from the rows' lengths with the builtin tokenizer: the file is what
  // is checked, not a model's vocabulary, and nothing is downloaded.
  const std::unique_ptr<Tokenizer> tokenizer = make_tokenizer({"builtin", true, "main", false}, nullptr);
  const FileDataset file = load_input_file(DatasetBuildSettings(config), *tokenizer);
  std::set<std::string> sessions;
  size_t turns = 0, timestamped = 0;
  double first = 0, last = 0;
  for (size_t i = 0; i < file.dataset.entries.size(); ++i) {
    sessions.insert(file.dataset.entries[i].conversation_id);
    turns += 1 + file.dataset.entries[i].later_turns.size();
    if (i < file.timestamps_ms.size() && file.timestamps_ms[i]) {
      const double t = *file.timestamps_ms[i];
      first = timestamped ? std::min(first, t) : t;
      last = timestamped ? std::max(last, t) : t;
      ++timestamped;
    }
  }
  std::cout << input << ": valid " << name_of(config.custom_dataset_type) << " (" << file.dataset.entries.size()
            << " conversations, " << turns << " turns, " << sessions.size() << " sessions";
  if (timestamped) std::cout << ", timestamps " << first << " to " << last << " ms";
  std::cout << ")\n";
  return 0;
}

}  // namespace

int run_validate_command(const std::vector<std::string>& args) {
  CLI::App app("Check a dataset or trace file with the loader aiperf profile uses; nothing is sent.",
               "aiperf validate");
  std::string target, input;
  app.add_option("--target", target, "mooncake-trace (upstream's), or any --custom-dataset-type name")->required();
  app.add_option("--input", input, "The file to check")->required();
  if (std::optional<int> exit_code = parse_subcommand(app, args, "validate")) return *exit_code;
  try {
    return validate(target, input);
  } catch (const std::exception& e) {
    log(LogLevel::error, e.what());
    return 1;
  }
}

}  // namespace aiperf
