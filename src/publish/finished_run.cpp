#include "publish/finished_run.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace aiperf {

std::optional<double> SummaryMetric::stat(std::string_view name) const {
  for (const auto& [key, value] : stats)
    if (key == name) return value;
  return std::nullopt;
}

const SummaryMetric* FinishedRun::find(std::string_view tag) const {
  for (const SummaryMetric& m : metrics)
    if (m.tag == tag) return &m;
  return nullptr;
}

std::vector<SummaryMetric> read_summary_metrics(const std::filesystem::path& summary_json) {
  std::ifstream in(summary_json, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + summary_json.string());
  std::stringstream text;
  text << in.rdbuf();
  // Ordered: the statistics keep the file's order, so avg comes first wherever it is read.
  const auto doc = nlohmann::ordered_json::parse(text.str(), nullptr, false);
  if (!doc.is_object()) throw std::runtime_error(summary_json.string() + " is not a JSON object");
  std::vector<SummaryMetric> metrics;
  for (const auto& [tag, value] : doc.items()) {
    if (!value.is_object() || !value.contains("unit") || !value.contains("avg")) continue;
    SummaryMetric m{tag, value["unit"].is_string() ? value["unit"].get<std::string>() : "", {}};
    for (const auto& [stat, number] : value.items())
      if (number.is_number()) m.stats.emplace_back(stat, number.get<double>());
    metrics.push_back(std::move(m));
  }
  return metrics;
}

}  // namespace aiperf
