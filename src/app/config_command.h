#pragma once
// `aiperf config init | validate | expand` (cli-and-load.md §1): bundled templates, a YAML
// file checked through the same pipeline as `aiperf profile -f`, and the variations of a sweep.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "config". Returns the exit status: 0, or 1 with one error line on stderr.
int run_config_command(const std::vector<std::string>& args);

}  // namespace aiperf
