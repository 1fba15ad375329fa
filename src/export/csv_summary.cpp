#include "export/csv_summary.h"

#include <cmath>

#include <algorithm>
#include <optional>
#include <vector>

#include "export/number_format.h"

namespace aiperf {
namespace {

constexpr const char* kCrlf = "\r\n";

// Python csv's QUOTE_MINIMAL: quote only cells that would otherwise split or confuse a reader.
std::string quote(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// Non-finite values (adj_* results, §2.4) are empty cells.
std::string real(const std::optional<double>& v) { return v && std::isfinite(*v) ? format_fixed_2f(*v) : ""; }

// Upstream keeps Python ints for integer data, and str(int) has no decimals.
std::string maybe_integer(const std::optional<double>& v, bool integer) {
  if (!v || !std::isfinite(*v)) return "";
  if (integer && is_integral(*v)) return std::to_string(int64_t(*v));
  return format_fixed_2f(*v);
}

bool has_percentile(const MetricResult& m) { return m.p1 || m.p5 || m.p10 || m.p25 || m.p50 || m.p75 || m.p90 || m.p95 || m.p99; }

// Aggregates that count things (requests, tokens) are ints upstream.
bool count_like(const MetricResult& m) {
  return m.integer_samples || m.unit == "requests" || m.unit == "tokens" || m.unit == "count";
}

std::vector<const MetricResult*> sorted_by_tag(std::vector<const MetricResult*> metrics) {
  std::stable_sort(metrics.begin(), metrics.end(),
                   [](const MetricResult* a, const MetricResult* b) { return a->tag < b->tag; });
  return metrics;
}

}  // namespace

void append_csv_row(std::string& out, const std::vector<std::string>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += quote(cells[i]);
  }
  out += kCrlf;
}

std::optional<std::string> csv_stat_cell(const MetricResult& m, std::string_view stat) {
  if (stat == "avg") return m.distribution ? real(m.avg) : maybe_integer(m.avg, count_like(m));
  if (!m.distribution) return std::nullopt;
  if (stat == "min") return m.min ? std::optional(maybe_integer(m.min, m.integer_samples)) : std::nullopt;
  if (stat == "max") return m.max ? std::optional(maybe_integer(m.max, m.integer_samples)) : std::nullopt;
  if (stat == "sum") return m.has_count_and_sum ? maybe_integer(m.sum, m.integer_samples) : "";
  const std::pair<std::string_view, const std::optional<double>*> reals[] = {
      {"p1", &m.p1}, {"p5", &m.p5}, {"p10", &m.p10}, {"p25", &m.p25}, {"p50", &m.p50},
      {"p75", &m.p75}, {"p90", &m.p90}, {"p95", &m.p95}, {"p99", &m.p99}, {"std", &m.std}};
  for (const auto& [key, value] : reals)
    if (key == stat) return *value ? std::optional(format_fixed_2f(**value)) : std::nullopt;
  return std::nullopt;
}

std::string csv_metric_name(const MetricResult& m) {
  if (m.unit.empty() || m.unit == "count" || m.unit == "requests") return m.header;
  return m.header + " (" + m.unit + ")";
}

std::string summary_csv(const RunSummary& summary) { return metrics_csv(summary.metrics); }

std::string metrics_csv(const std::vector<MetricResult>& metrics) {
  std::vector<const MetricResult*> distributions, single_values;
  for (const auto& m : metrics) (has_percentile(m) ? distributions : single_values).push_back(&m);

  std::string out;
  if (!distributions.empty()) {
    append_csv_row(out, {"Metric", "avg", "min", "max", "sum", "p1", "p5", "p10", "p25", "p50", "p75", "p90",
                    "p95", "p99", "std"});
    for (const MetricResult* m : sorted_by_tag(distributions)) {
      bool integer = m->integer_samples;
      const std::string sum = m->has_count_and_sum ? maybe_integer(m->sum, integer) : "";
      append_csv_row(out, {csv_metric_name(*m), real(m->avg), maybe_integer(m->min, integer),
                      maybe_integer(m->max, integer), sum, real(m->p1), real(m->p5),
                      real(m->p10), real(m->p25), real(m->p50), real(m->p75), real(m->p90), real(m->p95),
                      real(m->p99), real(m->std)});
    }
  }
  if (!single_values.empty()) {
    if (!distributions.empty()) out += kCrlf;
    append_csv_row(out, {"Metric", "Value"});
    for (const MetricResult* m : sorted_by_tag(single_values))
      append_csv_row(out, {csv_metric_name(*m), maybe_integer(m->avg, count_like(*m))});
  }
  return out;
}

}  // namespace aiperf
