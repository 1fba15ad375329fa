#pragma once
// `aiperf validate --target FORMAT --input PATH` (cli-and-load.md §1): checks a dataset or trace
// file with the loader `aiperf profile` would use, without sending anything. Upstream's target
// is `mooncake-trace`; aiperf-cpp also takes every --custom-dataset-type name.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "validate". Returns 0 when the file is valid, 1 (one line on stderr) if not.
int run_validate_command(const std::vector<std::string>& args);

}  // namespace aiperf
