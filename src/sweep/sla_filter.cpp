#include "sweep/sla_filter.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "config/profile_config.h"

namespace aiperf {
namespace {

constexpr std::array<std::string_view, 12> kStats{"avg", "min", "max", "p1",  "p5",  "p10",
                                                  "p25", "p50", "p75", "p90", "p95", "p99"};
constexpr std::array<std::pair<SlaOp, std::string_view>, 4> kOps{{
    {SlaOp::lt, "lt"}, {SlaOp::le, "le"}, {SlaOp::gt, "gt"}, {SlaOp::ge, "ge"}}};

std::string joined(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) (out.empty() ? out : out += ", ") += n;
  return out;
}

std::vector<std::string_view> split_colons(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (;;) {
    size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string_view::npos) return parts;
    start = colon + 1;
  }
}

// A finite decimal number and nothing else ("600", "0.5", "1e3", "-2").
std::optional<double> parse_finite(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);  // from_chars refuses a leading '+'
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<double> mean_of(const std::vector<double>& v) {
  if (v.empty()) return std::nullopt;
  double sum = 0;
  for (double x : v) sum += x;
  return sum / double(v.size());
}

}  // namespace

std::span<const std::string_view> sla_stat_names() { return kStats; }

std::string_view sla_op_name(SlaOp op) {
  for (const auto& [value, name] : kOps)
    if (value == op) return name;
  return {};
}

SlaFilter parse_sla_filter(std::string_view text, std::string_view option) {
  auto fail = [&](const std::string& problem) -> ConfigError {
    return ConfigError(std::string(option) + " '" + std::string(text) + "': " + problem);
  };
  const std::vector<std::string_view> parts = split_colons(text);
  if (parts.size() != 4)
    throw fail("expected metric_tag:stat:op:threshold (4 fields separated by ':'), got " +
               std::to_string(parts.size()) + (parts.size() == 1 ? " field" : " fields"));
  SlaFilter f;
  if (parts[0].empty()) throw fail("empty metric tag");
  f.metric_tag = std::string(parts[0]);
  if (std::find(kStats.begin(), kStats.end(), parts[1]) == kStats.end())
    throw fail("unknown stat '" + std::string(parts[1]) + "' (choose from " + joined(kStats) + ")");
  f.stat = std::string(parts[1]);
  auto op = std::find_if(kOps.begin(), kOps.end(), [&](const auto& e) { return e.second == parts[2]; });
  if (op == kOps.end()) throw fail("unknown op '" + std::string(parts[2]) + "' (choose from lt, le, gt, ge)");
  f.op = op->first;
  std::optional<double> threshold = parse_finite(parts[3]);
  if (!threshold) throw fail("threshold '" + std::string(parts[3]) + "' is not a finite number");
  f.threshold = *threshold;
  return f;
}

std::string sla_filter_text(const SlaFilter& f) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, f.threshold);
  (void)ec;  // 32 bytes hold any double's shortest form
  return f.metric_tag + ":" + f.stat + ":" + std::string(sla_op_name(f.op)) + ":" + std::string(buf, end);
}

bool sla_compare(double value, SlaOp op, double threshold) {
  if (!std::isfinite(value)) return false;
  switch (op) {
    case SlaOp::lt: return value < threshold;
    case SlaOp::le: return value <= threshold;
    case SlaOp::gt: return value > threshold;
    case SlaOp::ge: return value >= threshold;
  }
  return false;
}

double sla_margin(double observed, SlaOp op, double threshold) {
  return op == SlaOp::lt || op == SlaOp::le ? threshold - observed : observed - threshold;
}

std::optional<double> summary_stat(const nlohmann::json& summary, std::string_view tag, std::string_view stat) {
  if (!summary.is_object()) return std::nullopt;
  auto metric = summary.find(tag);
  if (metric == summary.end() || !metric->is_object()) return std::nullopt;
  auto value = metric->find(stat);
  if (value == metric->end() || !value->is_number()) return std::nullopt;
  const double v = value->get<double>();
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

TrialStats summary_stats(const nlohmann::json& summary) {
  return [&summary](std::string_view tag, std::string_view stat) { return summary_stat(summary, tag, stat); };
}

bool sla_passes(const SlaFilter& filter, const TrialStats& trial) {
  std::optional<double> v = trial(filter.metric_tag, filter.stat);
  return v && sla_compare(*v, filter.op, filter.threshold);
}

ProbeResult evaluate_probe(std::vector<double> point, std::span<const TrialStats> trials,
                           std::span<const SlaFilter> filters, const std::optional<MetricStat>& objective) {
  ProbeResult r;
  r.point = std::move(point);
  r.successful_trials = int(trials.size());
  for (const TrialStats& trial : trials)
    if (std::all_of(filters.begin(), filters.end(), [&](const SlaFilter& f) { return sla_passes(f, trial); }))
      ++r.passing_trials;
  r.feasible = r.passing_trials > 0;

  for (const SlaFilter& f : filters) {
    std::vector<double> seen;
    for (const TrialStats& trial : trials)
      if (std::optional<double> v = trial(f.metric_tag, f.stat); v && std::isfinite(*v)) seen.push_back(*v);
    std::optional<double> observed = mean_of(seen);
    r.observed.push_back(observed);
    r.margins.push_back(observed ? std::optional<double>(sla_margin(*observed, f.op, f.threshold)) : std::nullopt);
  }

  if (objective) {
    std::vector<double> seen;
    for (const TrialStats& trial : trials)
      if (std::optional<double> v = trial(objective->metric_tag, objective->stat); v && std::isfinite(*v))
        seen.push_back(*v);
    r.objective = mean_of(seen);
  }
  return r;
}

ProbeResult probe_from_summaries(std::vector<double> point, std::span<const nlohmann::json> summaries,
                                 std::span<const SlaFilter> filters, const std::optional<MetricStat>& objective) {
  std::vector<TrialStats> trials;
  trials.reserve(summaries.size());
  for (const nlohmann::json& s : summaries) trials.push_back(summary_stats(s));
  return evaluate_probe(std::move(point), trials, filters, objective);
}

}  // namespace aiperf
