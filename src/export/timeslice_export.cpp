#include "export/timeslice_export.h"

#include <algorithm>

#include "export/csv_summary.h"
#include "export/json_summary.h"

namespace aiperf {

using ojson = nlohmann::ordered_json;

ojson timeslices_json(const ProfileConfig& config, const std::vector<Timeslice>& slices) {
  ojson list = ojson::array();
  for (const Timeslice& s : slices) {
    ojson slice = ojson::object();
    slice["start_ns"] = s.start_ns;
    slice["end_ns"] = s.end_ns;
    slice["is_complete"] = s.is_complete;
    for (const MetricResult& m : s.metrics) slice[m.tag] = metric_json(m);
    list.push_back(std::move(slice));
  }
  ojson doc = ojson::object();
  doc["timeslices"] = std::move(list);
  doc["input_config"] = ojson::parse(config.to_json().dump());
  return doc;
}

std::string timeslices_csv(const std::vector<Timeslice>& slices) {
  std::string out;
  append_csv_row(out, {"Timeslice", "Metric", "Unit", "Stat", "Value"});
  for (size_t i = 0; i < slices.size(); ++i) {
    std::vector<const MetricResult*> metrics;
    for (const MetricResult& m : slices[i].metrics) metrics.push_back(&m);
    std::stable_sort(metrics.begin(), metrics.end(),
                     [](const MetricResult* a, const MetricResult* b) { return a->tag < b->tag; });
    for (const MetricResult* m : metrics)
      for (const char* stat : kCsvStatKeys)
        if (auto cell = csv_stat_cell(*m, stat))
          append_csv_row(out, {std::to_string(i), m->header, m->unit, stat, *cell});
  }
  return out;
}

}  // namespace aiperf
