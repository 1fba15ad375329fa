#pragma once
// `aiperf plugins [--category NAME] [--name NAME] [-a|--all]`: lists the implementations each
// extension point offers (config/plugin_registry.h). Without options: one line per category.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "plugins". Returns the exit status; errors go to stderr as one line.
int run_plugins_command(const std::vector<std::string>& args);

}  // namespace aiperf
