#include "sweep/confidence_aggregate.h"

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <string_view>

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::array<std::string_view, 13> kAggregatedStats{"avg", "min", "max", "p1",  "p5",  "p10", "p25",
                                                            "p50", "p75", "p90", "p95", "p99", "std"};

bool is_metric(const nlohmann::json& value) {
  if (!value.is_object()) return false;
  auto unit = value.find("unit");
  return unit != value.end() && unit->is_string();
}

struct Observations {
  std::string unit;
  std::array<std::vector<double>, kAggregatedStats.size()> values;  // per statistic, over the trials having it
};

std::map<std::string, Observations> collect(const std::vector<AggregateTrial>& trials) {
  std::map<std::string, Observations> by_tag;  // sorted by tag
  for (const AggregateTrial& trial : trials) {
    if (!trial.summary.is_object()) continue;
    for (const auto& [tag, metric] : trial.summary.items()) {
      if (!is_metric(metric)) continue;
      Observations& obs = by_tag[tag];
      bool contributed = false;
      for (size_t s = 0; s < kAggregatedStats.size(); ++s) {
        auto v = metric.find(kAggregatedStats[s]);
        if (v == metric.end() || !v->is_number()) continue;
        const double x = v->get<double>();
        if (!std::isfinite(x)) continue;
        obs.values[s].push_back(x);
        contributed = true;
      }
      if (contributed && obs.unit.empty()) obs.unit = metric["unit"].get<std::string>();
    }
  }
  return by_tag;
}

ojson number(double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); }

// Shortest round-trip text; Python's spelling of the non-finite values.
std::string csv_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;  // 32 bytes hold any double's shortest form
  return std::string(buf, end);
}

// Python csv's QUOTE_MINIMAL.
std::string csv_cell(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) (c == '"' ? out += "\"\"" : out += c);
  return out + "\"";
}

void csv_row(std::string& out, const std::vector<std::string>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i) out += ',';
    out += csv_cell(cells[i]);
  }
  out += "\r\n";
}

// str() of a Python list of strings: ['run_0001', 'run_0002'].
std::string python_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += '\'' + items[i] + '\'';
  }
  return out + "]";
}

}  // namespace

ConfidenceAggregate aggregate_confidence(const ConfidenceAggregateInput& input) {
  if (!(input.confidence_level > 0 && input.confidence_level < 1))
    throw std::invalid_argument("confidence level must lie in (0, 1)");
  const size_t total = input.successful.size() + input.failed.size();
  if (input.successful.size() < 2)
    throw InsufficientRunsError("Insufficient successful runs for a confidence aggregate: " +
                                std::to_string(input.successful.size()) + " of " + std::to_string(total) +
                                " succeeded, at least 2 are needed");
  ConfidenceAggregate agg;
  agg.num_profile_runs = int(total);
  agg.num_successful_runs = int(input.successful.size());
  agg.failed_runs = input.failed;
  agg.confidence_level = input.confidence_level;
  for (const AggregateTrial& t : input.successful) agg.run_labels.push_back(t.label);
  agg.incomplete = input.incomplete;
  agg.incomplete_reason = input.incomplete_reason;

  for (const auto& [tag, obs] : collect(input.successful)) {
    for (size_t s = 0; s < kAggregatedStats.size(); ++s) {
      if (obs.values[s].empty()) continue;
      AggregatedStat a;
      a.metric_tag = tag;
      a.stat = std::string(kAggregatedStats[s]);
      a.name = tag + "_" + a.stat;
      a.unit = obs.unit;
      a.ci = confidence_interval(obs.values[s], input.confidence_level);
      agg.metrics.push_back(std::move(a));
    }
  }
  return agg;
}

ojson confidence_aggregate_json(const ConfidenceAggregate& agg) {
  ojson failed = ojson::array();
  for (const FailedTrial& f : agg.failed_runs) failed.push_back(ojson{{"label", f.label}, {"error", f.error}});
  ojson metadata = ojson::object();
  metadata["aggregation_type"] = "confidence";
  metadata["num_profile_runs"] = agg.num_profile_runs;
  metadata["num_successful_runs"] = agg.num_successful_runs;
  metadata["failed_runs"] = failed;
  metadata["confidence_level"] = agg.confidence_level;
  metadata["run_labels"] = agg.run_labels;
  if (agg.incomplete) {
    metadata["incomplete"] = true;
    metadata["incomplete_reason"] = agg.incomplete_reason;
  }

  ojson metrics = ojson::object();
  for (const AggregatedStat& a : agg.metrics) {
    ojson m = ojson::object();
    m["mean"] = number(a.ci.mean);
    m["std"] = number(a.ci.std);
    m["min"] = number(a.ci.min);
    m["max"] = number(a.ci.max);
    m["cv"] = number(a.ci.cv);
    m["se"] = number(a.ci.se);
    m["ci_low"] = number(a.ci.ci_low);
    m["ci_high"] = number(a.ci.ci_high);
    m["t_critical"] = number(a.ci.t_critical);
    m["unit"] = a.unit;
    metrics[a.name] = std::move(m);
  }

  ojson doc = ojson::object();
  doc["schema_version"] = kAggregateSchemaVersion;
  doc["aiperf_version"] = AIPERF_VERSION;
  doc["metadata"] = std::move(metadata);
  doc["metrics"] = std::move(metrics);
  return doc;
}

std::string confidence_aggregate_csv(const ConfidenceAggregate& agg) {
  std::string out;
  csv_row(out, {"metric", "mean", "std", "min", "max", "cv", "se", "ci_low", "ci_high", "t_critical", "unit"});
  for (const AggregatedStat& a : agg.metrics) {
    const ConfidenceInterval& c = a.ci;
    csv_row(out, {a.name, csv_number(c.mean), csv_number(c.std), csv_number(c.min), csv_number(c.max),
                  csv_number(c.cv), csv_number(c.se), csv_number(c.ci_low), csv_number(c.ci_high),
                  csv_number(c.t_critical), a.unit});
  }
  out += "\r\n";
  csv_row(out, {"Aggregation Type", "confidence"});
  csv_row(out, {"Total Runs", std::to_string(agg.num_profile_runs)});
  csv_row(out, {"Successful Runs", std::to_string(agg.num_successful_runs)});
  csv_row(out, {"Confidence Level", csv_number(agg.confidence_level)});
  csv_row(out, {"Run Labels", python_list(agg.run_labels)});
  if (agg.incomplete) {
    csv_row(out, {"Incomplete", "True"});
    csv_row(out, {"Incomplete Reason", agg.incomplete_reason});
  }
  return out;
}

}  // namespace aiperf
