#include "app/plugins_command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <optional>

#include "cli/subcommand_parse.h"
#include "config/plugin_registry.h"

namespace aiperf {
namespace {

void print_entries(const PluginCategory& c) {
  size_t width = 0;
  for (const PluginEntry& e : c.entries) width = std::max(width, e.name.size());
  std::cout << c.name << " (" << c.description << "):\n";
  for (const PluginEntry& e : c.entries) {
    std::cout << "  " << e.name;
    if (!e.detail.empty()) std::cout << std::string(width - e.name.size() + 2, ' ') << e.detail;
    std::cout << "\n";
  }
}

}  // namespace

int run_plugins_command(const std::vector<std::string>& args) {
  CLI::App app("List the implementations of each extension point (endpoint types, dataset loaders, ...).",
               "aiperf plugins");
  std::string category, name;
  bool all = false;
  app.add_option("--category", category, "List one category with details");
  app.add_option("--name", name, "Show the entries of this name, in any category");
  app.add_flag("-a,--all", all, "List every category with details");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "plugins")) return *exit_code;

  const std::vector<PluginCategory> categories = plugin_categories();
  if (!name.empty()) {
    bool found = false;
    for (const PluginCategory& c : categories)
      for (const PluginEntry& e : c.entries)
        if (e.name == name) {
          std::cout << c.name << ": " << e.name << (e.detail.empty() ? "" : "  " + e.detail) << "\n";
          found = true;
        }
    if (!found) {
      std::cerr << "error: plugins: no plugin named '" << name << "'\n";
      return 1;
    }
    return 0;
  }
  if (!category.empty()) {
    for (const PluginCategory& c : categories)
      if (c.name == category) {
        print_entries(c);
        return 0;
      }
    std::string names;
    for (const PluginCategory& c : categories) (names.empty() ? names : names += ", ") += c.name;
    std::cerr << "error: plugins: --category: invalid choice '" << category << "' (choose from " << names << ")\n";
    return 1;
  }
  if (all) {
    for (size_t i = 0; i < categories.size(); ++i) {
      if (i) std::cout << "\n";
      print_entries(categories[i]);
    }
    return 0;
  }
  size_t width = 0;
  for (const PluginCategory& c : categories) width = std::max(width, c.name.size());
  std::cout << "Plugin categories (aiperf plugins --category NAME for details, --all for every one):\n";
  for (const PluginCategory& c : categories) {
    std::string names;
    for (const PluginEntry& e : c.entries) (names.empty() ? names : names += ", ") += e.name;
    std::cout << "  " << c.name << std::string(width - c.name.size() + 2, ' ') << c.entries.size() << ": " << names
              << "\n";
  }
  return 0;
}

}  // namespace aiperf
