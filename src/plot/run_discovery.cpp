#include "plot/run_discovery.h"

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;

bool is_run_dir(const fs::path& dir) {
  return fs::is_regular_file(dir / "profile_export_aiperf.json") || fs::is_regular_file(dir / "profile_export.jsonl");
}

// Directories a study writes beside its runs that are not runs themselves.
bool skipped(const std::string& name) {
  return name == "plots" || name == "aggregate" || name == "sweep_aggregate" || name == "logs" ||
         (!name.empty() && name[0] == '.');
}

// Layout levels that say which repetition, not which configuration.
bool repetition_level(const std::string& name) {
  static const std::regex levels("profile_runs|(trial|run)_[0-9]{4}");
  return std::regex_match(name, levels);
}

void walk(const fs::path& dir, int depth, std::vector<fs::path>& found) {
  if (is_run_dir(dir)) {
    found.push_back(dir);
    return;
  }
  if (depth == 0) return;
  std::vector<fs::path> children;
  for (const fs::directory_entry& e : fs::directory_iterator(dir))
    if (e.is_directory() && !skipped(e.path().filename().string())) children.push_back(e.path());
  std::sort(children.begin(), children.end());
  for (const fs::path& c : children) walk(c, depth - 1, found);
}

std::string variation_of(const fs::path& root, const fs::path& run) {
  std::string out;
  for (const fs::path& part : fs::relative(run, root)) {
    const std::string name = part.string();
    if (name == "." || repetition_level(name)) continue;
    out += (out.empty() ? "" : "/") + name;
  }
  return out;
}

}  // namespace

DiscoveredRuns discover_runs(const std::vector<fs::path>& paths) {
  DiscoveredRuns result;
  for (const fs::path& path : paths) {
    if (!fs::is_directory(path)) throw std::runtime_error(path.string() + ": no such directory");
    std::vector<fs::path> found;
    walk(path, 6, found);
    if (found.empty())
      throw std::runtime_error(path.string() +
                               ": no run found (a run directory holds profile_export_aiperf.json or profile_export.jsonl)");
    const std::string root = fs::absolute(path).lexically_normal().filename().string();
    for (const fs::path& run : found) {
      std::string variation = variation_of(path, run);
      // A run given directly, or a multi-run's trials: named by the root itself.
      result.runs.push_back({run, variation.empty() ? root : variation, root});
    }
  }
  result.single = result.runs.size() == 1;
  return result;
}

}  // namespace aiperf::plot
