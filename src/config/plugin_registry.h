#pragma once
// What `aiperf plugins` lists (cli-and-load.md §1): the implementations each extension point
// offers, read from the tables the code itself uses (the endpoint catalogue, the enum tables of
// config/enum_names.h, the public dataset table), so the listing cannot drift from the code.
// Category names follow upstream's plugin registry where it has one.
#include <string>
#include <vector>

namespace aiperf {

struct PluginEntry {
  std::string name;    // as an option or YAML value spells it
  std::string detail;  // one line: path and capabilities, kind, ...
};

struct PluginCategory {
  std::string name;         // "endpoint", "custom_dataset_loader", ...
  std::string description;  // which option picks one
  std::vector<PluginEntry> entries;
};

// Every category, sorted by name.
std::vector<PluginCategory> plugin_categories();

}  // namespace aiperf
