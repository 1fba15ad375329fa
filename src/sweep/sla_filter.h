#pragma once
// SLA filters (`--search-sla metric_tag:stat:op:threshold`, cli-and-load.md §5.6): parsing,
// and judging one probed point from its trials' summaries.
//
//  * Per trial: the trial's `stat` of `metric_tag` compared with `op` against `threshold`;
//    a missing or non-finite value fails.
//  * Per point (one probe, its M trials): feasible <=> at least one successful trial passes
//    every filter; zero successful trials => infeasible. `observed` = mean over the trials
//    that had a finite value (display and margins only).
//
// Thresholds are in the metric's display unit as the summary writes it (ms, tokens/sec, ...).
// request_error_rate is in percent points: the summary reports 100 * errors / requests
// (metrics/metric_accumulator.cpp), so `request_error_rate:avg:le:1` means "at most 1 %".
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/search_types.h"

namespace aiperf {

// The statistics a filter (or an objective) may name: avg, min, max, p1, p5, p10, p25, p50,
// p75, p90, p95, p99.
std::span<const std::string_view> sla_stat_names();
std::string_view sla_op_name(SlaOp op);  // "lt", "le", "gt", "ge"

// Parses "metric_tag:stat:op:threshold". Throws ConfigError
// "<option> 'text': <what is wrong>", e.g.
//   --search-sla 'time_to_first_token:p99:lte:600': unknown op 'lte' (choose from lt, le, gt, ge)
SlaFilter parse_sla_filter(std::string_view text, std::string_view option = "--search-sla");
// The filter spelled back as parse_sla_filter reads it ("time_to_first_token:p99:le:600").
std::string sla_filter_text(const SlaFilter& filter);

// value <op> threshold; false for a non-finite value.
bool sla_compare(double value, SlaOp op, double threshold);
// Signed distance to the threshold, positive inside the SLA: threshold - observed for lt/le,
// observed - threshold for gt/ge.
double sla_margin(double observed, SlaOp op, double threshold);

// One trial's statistics: (metric tag, stat) -> value, nullopt when the trial has none.
using TrialStats = std::function<std::optional<double>(std::string_view tag, std::string_view stat)>;

// summary[tag][stat] from a parsed profile_export_aiperf.json, when it is a finite number.
std::optional<double> summary_stat(const nlohmann::json& summary, std::string_view tag, std::string_view stat);
// A TrialStats reading `summary`, which must outlive it.
TrialStats summary_stats(const nlohmann::json& summary);

// Does this trial meet the filter? A missing or non-finite value fails.
bool sla_passes(const SlaFilter& filter, const TrialStats& trial);

// The objective of a search: a metric statistic (e.g. output_token_throughput avg).
struct MetricStat {
  std::string metric_tag;
  std::string stat;
};

// Judges a probed point from its successful trials (failed trials have no summary and are
// not passed in). Fills ProbeResult: successful/passing trial counts, feasibility, per filter
// the mean observed value and signed margin, and the mean objective when one is given.
ProbeResult evaluate_probe(std::vector<double> point, std::span<const TrialStats> successful_trials,
                           std::span<const SlaFilter> filters, const std::optional<MetricStat>& objective);

// The same from the trials' parsed summaries.
ProbeResult probe_from_summaries(std::vector<double> point, std::span<const nlohmann::json> summaries,
                                 std::span<const SlaFilter> filters, const std::optional<MetricStat>& objective);

}  // namespace aiperf
