#pragma once
// The multi-run confidence aggregate (cli-and-load.md §5.4, metrics-and-outputs.md §7.9):
// from each successful trial's profile_export_aiperf.json, the across-trial mean, spread and
// Student-t interval of every metric statistic, written as
// aggregate/profile_export_aiperf_aggregate.{json,csv}. This file builds the documents; the
// caller writes them (export/pretty_json.h spells the JSON as the other exports are spelled).
//
// What is aggregated: every top-level member of a summary that is an object with a string
// "unit" (a metric), and of it the statistics avg, min, max, p1, p5, p10, p25, p50, p75, p90,
// p95, p99, std (count and sum are bookkeeping, not statistics, and are left out). The entry
// is named "<tag>_<stat>" (e.g. time_to_first_token_p99). A statistic missing from some
// trials, or null there (a non-finite value), is aggregated over the trials that have it, as
// upstream does; one such trial gives the n == 1 shape of confidence_interval.h (std 0,
// interval collapsed to the mean, t_critical null). Its unit is the first such trial's.
// Entries are sorted by metric tag, then in the statistic order above.
//
// JSON cannot carry inf or NaN: a non-finite number (cv when the mean is 0, t_critical with
// one observation) is written as null, as the per-run summary does.
//
// CSV layout (upstream's, Python csv: minimal quoting, CRLF):
//   metric,mean,std,min,max,cv,se,ci_low,ci_high,t_critical,unit
//   request_latency_avg,812.5,3.1,...,ms            (one row per entry, same order)
//   <empty row>
//   Aggregation Type,confidence
//   Total Runs,<N>
//   Successful Runs,<n>
//   Confidence Level,0.95
//   Run Labels,"['run_0001', 'run_0002']"          (Python's list spelling, as upstream)
//   Incomplete,True / Incomplete Reason,<text>      (only for an interrupted sweep)
// Numbers are written in full: the shortest text that reads back to the same double
// (upstream rounds to 2 decimals, 4 for cv, se and t_critical); inf as "inf", NaN as "nan".
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/confidence_interval.h"

namespace aiperf {

inline constexpr const char* kAggregateSchemaVersion = "1.0";

struct AggregateTrial {
  std::string label;     // "run_0001", "trial_0002", ...
  nlohmann::json summary;  // the trial's parsed profile_export_aiperf.json
};

struct FailedTrial {
  std::string label;
  std::string error;
};

struct ConfidenceAggregateInput {
  std::vector<AggregateTrial> successful;  // in run order
  std::vector<FailedTrial> failed;         // in run order; excluded from every statistic
  double confidence_level = 0.95;          // in (0, 1)
  // An interrupted sweep aggregates what ran and says so.
  bool incomplete = false;
  std::string incomplete_reason;
};

struct AggregatedStat {
  std::string name;  // "<tag>_<stat>"
  std::string metric_tag;
  std::string stat;
  std::string unit;
  ConfidenceInterval ci;
};

struct ConfidenceAggregate {
  int num_profile_runs = 0;     // trials that ran: successful + failed
  int num_successful_runs = 0;
  std::vector<FailedTrial> failed_runs;
  double confidence_level = 0.95;
  std::vector<std::string> run_labels;  // the successful trials', in run order (upstream's choice)
  bool incomplete = false;
  std::string incomplete_reason;
  std::vector<AggregatedStat> metrics;
};

// Fewer than 2 successful trials.
struct InsufficientRunsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws InsufficientRunsError "Insufficient successful runs for a confidence aggregate: ..."
// when fewer than 2 trials succeeded; std::invalid_argument for a confidence level outside (0, 1).
ConfidenceAggregate aggregate_confidence(const ConfidenceAggregateInput& input);

// {"schema_version", "aiperf_version", "metadata": {...}, "metrics": {...}} (§7.9).
nlohmann::ordered_json confidence_aggregate_json(const ConfidenceAggregate& aggregate);

// The CSV text described above.
std::string confidence_aggregate_csv(const ConfidenceAggregate& aggregate);

}  // namespace aiperf
