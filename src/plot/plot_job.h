// One `aiperf plot` (or `--auto-plot`) from start to finish: find the runs under the paths,
// read their exports, build the charts for the mode (one run, or a comparison of several),
// and write the PNGs, report.html and, when asked, the data every chart was drawn from.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "plot/plot_settings.h"

namespace aiperf::plot {

struct PlotRequest {
  std::vector<std::filesystem::path> paths;  // run directories or directories holding runs
  std::filesystem::path output;              // empty: <first path>/plots
  std::string theme = "light";
  PlotSettings settings;
  bool dump_data = false;                    // plot_data.json: every chart as chart_to_json
};

struct PlotResult {
  std::filesystem::path output;
  bool single = false;
  std::size_t runs = 0;          // runs found (trials counted one by one)
  std::vector<std::filesystem::path> files;  // written, in order
};

// Throws std::runtime_error (naming the path or file) when nothing can be plotted.
PlotResult make_plots(const PlotRequest& request);

}  // namespace aiperf::plot
