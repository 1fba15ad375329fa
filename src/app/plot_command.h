// `aiperf plot [PATHS…]`: PNG charts and report.html from finished runs, and `--dashboard` to
// serve them; and the same after a benchmark when `aiperf profile --auto-plot` asks for it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace aiperf {

int run_plot_command(const std::vector<std::string>& args);

// After `aiperf profile --auto-plot`: plots `artifact_dir` (a run, or a sweep's base directory)
// into <artifact_dir>/plots with the default plot settings. Returns false when plotting failed
// (the reason is logged as an error with `required`, else a warning).
bool auto_plot(const std::filesystem::path& artifact_dir, bool required);

}  // namespace aiperf
