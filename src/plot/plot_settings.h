// The plot configuration file (`aiperf plot --config F`, default ~/.aiperf/plot_config.yaml,
// written from the built-in default the first time it is looked for): which charts, how runs
// group into series, which series are baselines. Its shape is ours (docs/plots.md): upstream's
// file is not specified beyond its existence.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace aiperf::plot {

struct PlotSettings {
  std::string group_by = "auto";  // auto | run_name | model | experiment_group
  std::set<std::string> charts;   // chart names to draw; empty: all
  std::vector<std::string> baselines;   // glob patterns over series names: drawn grey
  std::vector<std::string> treatments;  // glob patterns: drawn in colour (the default)
  bool html = true;               // report.html beside the PNGs
  int width = 1200;
  int height = 720;
};

// The text written to a missing default config file.
const char* default_plot_config_yaml();

// Reads F; throws std::runtime_error naming F:line for an unknown key or a bad value.
PlotSettings read_plot_settings(const std::filesystem::path& file);

// The default file (~/.aiperf/plot_config.yaml), created from the built-in default when absent
// and HOME is writable; the built-in default when it cannot be.
PlotSettings default_plot_settings(std::filesystem::path* used = nullptr);

// Whether `name` matches a glob pattern (`*`, `?`), as the experiment classification uses.
bool glob_match(const std::string& pattern, const std::string& name);

}  // namespace aiperf::plot
