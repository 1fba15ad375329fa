#pragma once
// Turns the parsed options of one `aiperf profile` into its Study: which variations to run
// (comma lists, --variant, a YAML sweep: block, a recipe's grid) or which search to drive, and
// the multi-run, sweep and search settings (cli-and-load.md §5.1, §5.2, §5.6).
#include <functional>
#include <string>
#include <vector>

#include "cli/raw_flags.h"
#include "cli/study.h"
#include "cli/yaml_config.h"

namespace aiperf {

struct StudyInputs {
  const RawFlags& raw;              // the command line's options
  const OptionSources& sources;     // the command line's options, as typed
  const std::vector<std::string>& args;
  const YamlConfig* yaml = nullptr;  // -f/--config, when given
  // The options of one benchmark (the command line, then the file's values) to its config.
  std::function<ProfileConfig(const RawFlags&, const OptionSources&)> convert;
};

Study build_study(const StudyInputs& in);

// --search-space, --search-metric, ... as given (a recipe fills in the rest).
SearchSettings convert_search_flags(const RawFlags& raw, const OptionSources& sources);

// The study's settings from §3.17's flags and the file's `multi_run:` / `sweep:` sections (the
// command line wins). `streaming` checks --ttft-sla-ms.
StudySettings convert_study_settings(const RawFlags& raw, const OptionSources& sources, const YamlConfig* yaml);

}  // namespace aiperf
