#pragma once
// `aiperf synthesize TARGET [--num-sessions 1000] [--output .] [--config FILE] [--seed 42]
// [--max-isl N] [--max-osl N]` (cli-and-load.md §1): writes a synthetic workload into a run
// directory of its own under --output, named <config>_<N>s_seed<S>_<UTC time> as upstream's.
// TARGET agentic-code (upstream's one target): dataset/agentic_code_synthesis.h, a Mooncake
// trace (dataset.jsonl) and the manifest.json that --config can read back. docs/synthesize.md.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "synthesize". Returns the exit status; errors are one line on stderr.
int run_synthesize_command(const std::vector<std::string>& args);

}  // namespace aiperf
