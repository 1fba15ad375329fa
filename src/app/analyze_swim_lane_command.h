#pragma once
// `aiperf analyze swim-lane RUN_DIR... [-o OUT] [-c N] [--ramp S] [--html]`: one swim-lane PNG
// per run directory (plot/swim_lane.h) from its profile_export.jsonl, by default
// <run_dir>/swim_lane.png as upstream writes it, and `aiperf analyze`, the group it belongs to.
#include <string>
#include <vector>

namespace aiperf {

// `args` excludes "analyze swim-lane". Returns the exit status; each error is one line on
// stderr, and a run directory that fails does not stop the others (exit 1 at the end).
int run_analyze_swim_lane_command(const std::vector<std::string>& args);

// `args` excludes "analyze": dispatches its subcommands; alone it lists them.
int run_analyze_command(const std::vector<std::string>& args);

}  // namespace aiperf
