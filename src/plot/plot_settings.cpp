#include "plot/plot_settings.h"

#include <cstdlib>
#include <fnmatch.h>
#include <fstream>
#include <stdexcept>

#include <yaml-cpp/yaml.h>

namespace aiperf::plot {
namespace {

namespace fs = std::filesystem;

const char* const kDefault = R"(# aiperf plot settings (aiperf-cpp; docs/plots.md). Written on first use; edit freely.
# Series: how runs group into the lines of the comparison charts.
#   auto: a sweep's cells by their parameters other than concurrency, else each PATH argument
#   run_name: one series per run; model: by the model served; experiment_group: by PATH argument
group_by: auto
# Charts to draw (names as the PNG files are named); leave the list empty to draw every chart.
charts: []
# Experiment classification: series whose name matches a baseline pattern are drawn grey.
experiment_classification:
  baselines: []
  treatments: []
# Also write report.html (interactive, self-contained) beside the PNGs.
html: true
# PNG size in pixels.
width: 1200
height: 720
)";

std::runtime_error bad(const fs::path& file, const YAML::Node& node, const std::string& why) {
  const YAML::Mark m = node.Mark();
  return std::runtime_error(file.string() + ":" + std::to_string(m.line + 1) + ": " + why);
}

std::vector<std::string> string_list(const fs::path& file, const YAML::Node& node, const std::string& key) {
  if (!node.IsSequence()) throw bad(file, node, key + ": expected a list of strings");
  std::vector<std::string> out;
  for (const YAML::Node& item : node) {
    if (!item.IsScalar()) throw bad(file, item, key + ": expected a list of strings");
    out.push_back(item.as<std::string>());
  }
  return out;
}

int pixels(const fs::path& file, const YAML::Node& node, const std::string& key) {
  int v = 0;
  try {
    v = node.as<int>();
  } catch (const YAML::Exception&) {
    throw bad(file, node, key + ": expected a whole number of pixels");
  }
  if (v < 200 || v > 8000) throw bad(file, node, key + ": " + std::to_string(v) + " is outside 200..8000");
  return v;
}

}  // namespace

const char* default_plot_config_yaml() { return kDefault; }

PlotSettings read_plot_settings(const fs::path& file) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::BadFile&) {
    throw std::runtime_error(file.string() + ": cannot be read");
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(file.string() + ":" + std::to_string(e.mark.line + 1) + ": not YAML (" + e.msg + ")");
  }
  PlotSettings s;
  if (root.IsNull()) return s;
  if (!root.IsMap()) throw bad(file, root, "expected a mapping of settings");
  for (const auto& kv : root) {
    const std::string key = kv.first.as<std::string>();
    const YAML::Node& v = kv.second;
    if (key == "group_by") {
      s.group_by = v.as<std::string>("");
      if (s.group_by != "auto" && s.group_by != "run_name" && s.group_by != "model" && s.group_by != "experiment_group")
        throw bad(file, v, "group_by: '" + s.group_by + "' is not one of auto, run_name, model, experiment_group");
    } else if (key == "charts") {
      if (!v.IsNull())
        for (std::string& c : string_list(file, v, key)) s.charts.insert(std::move(c));
    } else if (key == "experiment_classification") {
      if (v.IsNull()) continue;
      if (!v.IsMap()) throw bad(file, v, "experiment_classification: expected baselines and treatments lists");
      for (const auto& e : v) {
        const std::string k = e.first.as<std::string>();
        if (k == "baselines") s.baselines = e.second.IsNull() ? std::vector<std::string>{} : string_list(file, e.second, k);
        else if (k == "treatments") s.treatments = e.second.IsNull() ? std::vector<std::string>{} : string_list(file, e.second, k);
        else throw bad(file, e.first, "experiment_classification: unknown key '" + k + "' (keys: baselines, treatments)");
      }
    } else if (key == "html") {
      try {
        s.html = v.as<bool>();
      } catch (const YAML::Exception&) {
        throw bad(file, v, "html: expected true or false");
      }
    } else if (key == "width") {
      s.width = pixels(file, v, key);
    } else if (key == "height") {
      s.height = pixels(file, v, key);
    } else {
      throw bad(file, kv.first, "unknown key '" + key +
                                    "' (keys: group_by, charts, experiment_classification, html, width, height)");
    }
  }
  return s;
}

PlotSettings default_plot_settings(fs::path* used) {
  const char* home = std::getenv("HOME");
  if (!home || !*home) return {};
  const fs::path file = fs::path(home) / ".aiperf" / "plot_config.yaml";
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    fs::create_directories(file.parent_path(), ec);
    std::ofstream out(file);
    if (!out || !(out << kDefault)) return {};  // a read-only HOME: the built-in default
  }
  if (used) *used = file;
  return read_plot_settings(file);
}

bool glob_match(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

}  // namespace aiperf::plot
