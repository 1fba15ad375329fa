#include "sweep/sweep_aggregate.h"

#include "common/pareto_front.h"

#include "sweep/sla_filter.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace aiperf {
namespace {

using Json = nlohmann::ordered_json;

// "16" -> 16, "0.5" -> 0.5, "chat" -> "chat": values keep the type they were written in.
Json typed_value(const std::string& text) {
  if (text.empty()) return text;
  char* end = nullptr;
  const long long i = std::strtoll(text.c_str(), &end, 10);
  if (*end == '\0') return i;
  const double d = std::strtod(text.c_str(), &end);
  if (*end == '\0') return d;
  return text;
}

Json parameters_json(const SweepCell& cell) {
  Json p = Json::object();
  for (const auto& [k, v] : cell.parameters) p[k] = typed_value(v);
  return p;
}

std::string unit_of(const SweepAggregateInput& in, const std::string& key) {
  for (const SweepCell& c : in.cells)
    if (auto it = c.metrics.find(key); it != c.metrics.end() && it->contains("unit")) return (*it)["unit"].get<std::string>();
  return "";
}

bool eligible(const SweepCell& c) { return c.successful_trials > 0 && c.feasible.value_or(true); }

// The latency objective: p99 time to first token when the runs streamed, else p99 request latency.
std::string latency_key(const SweepAggregateInput& in) {
  for (const SweepCell& c : in.cells)
    if (cell_mean(c, "time_to_first_token_p99")) return "time_to_first_token_p99";
  return "request_latency_p99";
}

Json best(const SweepAggregateInput& in, const std::string& key, bool maximize) {
  std::optional<size_t> at;
  for (size_t i = 0; i < in.cells.size(); ++i) {
    const std::optional<double> v = cell_mean(in.cells[i], key);
    if (!v || !eligible(in.cells[i])) continue;
    if (!at || (maximize ? *v > *cell_mean(in.cells[*at], key) : *v < *cell_mean(in.cells[*at], key))) at = i;
  }
  if (!at) return nullptr;
  return Json{{"parameters", parameters_json(in.cells[*at])},
              {"metric", *cell_mean(in.cells[*at], key)},
              {"unit", unit_of(in, key)}};
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string full_precision(double v) {
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

}  // namespace

std::optional<double> cell_mean(const SweepCell& cell, const std::string& key) {
  auto it = cell.metrics.find(key);
  if (it == cell.metrics.end() || !it->is_object()) return std::nullopt;
  auto m = it->find("mean");
  if (m == it->end() || !m->is_number()) return std::nullopt;
  return m->get<double>();
}

std::vector<size_t> pareto_optimal(const std::vector<std::pair<std::optional<double>, std::optional<double>>>& points) {
  const double missing = std::nan("");
  std::vector<double> throughput, latency;
  for (const auto& [t, l] : points) throughput.push_back(t.value_or(missing)), latency.push_back(l.value_or(missing));
  return pareto_front(throughput, latency, true, false);
}

Json sweep_aggregate_json(const SweepAggregateInput& in) {
  Json params = Json::array();
  for (const std::string& d : in.dimensions) {
    Json values = Json::array();
    for (const SweepCell& c : in.cells)
      for (const auto& [k, v] : c.parameters)
        if (k == d && std::find(values.begin(), values.end(), typed_value(v)) == values.end()) values.push_back(typed_value(v));
    params.push_back({{"name", d}, {"values", values}});
  }
  Json metadata = {{"aggregation_type", "sweep"},
                   {"sweep_type", in.sweep_type},
                   {"sweep_parameters", params},
                   {"num_combinations", in.cells.size()},
                   {"num_trials_per_value", in.num_trials_per_value},
                   {"sweep_mode", in.sweep_mode},
                   {"confidence_level", in.confidence_level}};
  if (!in.sla_filters.empty()) {
    Json filters = Json::array();
    for (const SlaFilter& f : in.sla_filters) filters.push_back(sla_filter_text(f));
    metadata["sla_filters"] = filters;
  }
  if (!in.incomplete_reason.empty()) {
    metadata["incomplete"] = true;
    metadata["incomplete_reason"] = in.incomplete_reason;
  }
  Json per = Json::array();
  for (const SweepCell& c : in.cells) {
    Json row = {{"parameters", parameters_json(c)}, {"variation", c.name}};
    row["successful_trials"] = c.successful_trials;
    row["failed_trials"] = c.failed_trials;
    if (c.feasible) row["feasible"] = *c.feasible;
    row["metrics"] = c.metrics;
    per.push_back(row);
  }
  const std::string latency = latency_key(in);
  std::vector<std::pair<std::optional<double>, std::optional<double>>> points;
  for (const SweepCell& c : in.cells)
    points.emplace_back(eligible(c) ? cell_mean(c, "request_throughput_avg") : std::nullopt, cell_mean(c, latency));
  Json pareto = Json::array();
  for (size_t i : pareto_optimal(points)) pareto.push_back(parameters_json(in.cells[i]));
  return Json{{"schema_version", "1.0"},
              {"aiperf_version", AIPERF_VERSION},
              {"metadata", metadata},
              {"per_combination_metrics", per},
              {"best_configurations",
               {{"best_throughput", best(in, "request_throughput_avg", true)},
                {"best_latency_p99", best(in, "request_latency_p99", false)}}},
              {"pareto_optimal", pareto},
              {"pareto_objectives", {{"maximize", "request_throughput_avg"}, {"minimize", latency}}}};
}

std::string sweep_aggregate_csv(const SweepAggregateInput& in) {
  std::vector<std::string> keys;
  for (const SweepCell& c : in.cells)
    for (const auto& [k, v] : c.metrics.items())
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  std::string out = "Variation";
  for (const std::string& d : in.dimensions) out += "," + csv_field(d);
  out += ",Successful Trials,Failed Trials";
  for (const std::string& k : keys) out += "," + csv_field(k);
  if (!in.sla_filters.empty()) out += ",Feasible";
  out += "\n";
  for (const SweepCell& c : in.cells) {
    out += csv_field(c.name);
    for (const std::string& d : in.dimensions) {
      std::string v;
      for (const auto& [k, val] : c.parameters)
        if (k == d) v = val;
      out += "," + csv_field(v);
    }
    out += "," + std::to_string(c.successful_trials) + "," + std::to_string(c.failed_trials);
    for (const std::string& k : keys) {
      const std::optional<double> v = cell_mean(c, k);
      out += "," + (v ? full_precision(*v) : std::string());
    }
    if (!in.sla_filters.empty()) out += std::string(",") + (c.feasible.value_or(false) ? "true" : "false");
    out += "\n";
  }
  return out;
}

}  // namespace aiperf
