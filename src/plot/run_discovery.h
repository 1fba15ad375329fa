// Which runs `aiperf plot PATHS…` was pointed at, and how they group. A run is a directory
// holding profile_export_aiperf.json or profile_export.jsonl; the sweep and multi-run layouts
// (docs/sweeps.md, "Where everything goes") are walked and their trial directories folded into
// the variation they repeat, so a sweep with three trials per cell draws one point per cell.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace aiperf::plot {

struct DiscoveredRun {
  std::filesystem::path dir;
  std::string variation;  // the cell's name in a sweep ("concurrency_16"), else the run's path below its root
  std::string root;       // the PATH argument it was found under (its directory name)
};

struct DiscoveredRuns {
  bool single = false;  // exactly one run: the single-run charts
  std::vector<DiscoveredRun> runs;
};

// Throws std::runtime_error naming the path when one does not exist or holds no run.
DiscoveredRuns discover_runs(const std::vector<std::filesystem::path>& paths);

}  // namespace aiperf::plot
