#include "cli/option_table.h"

#include <map>

namespace aiperf {

std::string OptionSpec::canonical_name() const {
  if (yaml_only()) return std::string(yaml);
  for (const std::string& n : all_names())
    if (n.rfind("--", 0) == 0) return n;
  return all_names().front();
}

std::vector<std::string> OptionSpec::all_names() const {
  std::vector<std::string> out;
  std::string_view rest = names;
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view one = rest.substr(0, comma);
    if (!one.empty() && one.front() == '!') one.remove_prefix(1);
    out.emplace_back(one);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return out;
}

std::span<const OptionGroup> profile_option_groups() {
  static const OptionGroup kGroups[] = {
      {"Endpoint", endpoint_options()},
      {"Tokenizer", tokenizer_options()},
      {"AWS / SageMaker", aws_options()},
      {"Input", input_options()},
      {"Fixed schedule", fixed_schedule_options()},
      {"Conversations and trace timing", conversation_options()},
      {"Prompt synthesis", prompt_options()},
      {"Multimodal and rankings", multimodal_options()},
      {"Trace synthesis", trace_synthesis_options()},
      {"Load generator", load_options()},
      {"Scenario", scenario_options()},
      {"Warmup", warmup_options()},
      {"User-centric rate", user_centric_options()},
      {"Request cancellation", cancellation_options()},
      {"Goodput", goodput_options()},
      {"Output", output_options()},
      {"Telemetry and UI", telemetry_options()},
      {"Multi-run, sweep and search", sweep_options()},
      {"Accuracy", accuracy_options()},
      {"Service and logging", service_options()},
      {"Sharded runs (cluster)", shard_options()},
  };
  return kGroups;
}

namespace {

struct Index {
  std::map<std::string, const OptionSpec*, std::less<>> by_name, by_yaml;
  Index() {
    for (const OptionGroup& g : profile_option_groups())
      for (const OptionSpec& o : g.options) {
        for (const std::string& n : o.all_names()) by_name.emplace(n, &o);
        if (o.yaml_only()) by_name.emplace(std::string(o.yaml), &o);
        if (!o.yaml.empty()) by_yaml.emplace(std::string(o.yaml), &o);
      }
  }
};

const Index& index() {
  static const Index kIndex;
  return kIndex;
}

}  // namespace

const OptionSpec* find_profile_option(std::string_view name) {
  auto it = index().by_name.find(name);
  return it == index().by_name.end() ? nullptr : it->second;
}

const OptionSpec* find_profile_option_by_yaml(std::string_view path) {
  auto it = index().by_yaml.find(path);
  return it == index().by_yaml.end() ? nullptr : it->second;
}

}  // namespace aiperf
