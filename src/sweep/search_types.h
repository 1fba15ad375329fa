#pragma once
// The vocabulary shared by sweeps, multi-run aggregation and the "find the limit" search
// (cli-and-load.md §5): search dimensions, SLA filters, and what one probed point produced.
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

// `--search-space path:lo,hi[:int|real]`.
enum class SearchKind { integer, real };
struct SearchDimension {
  std::string path;  // e.g. "phases.profiling.concurrency"
  double lo = 0;
  double hi = 0;
  SearchKind kind = SearchKind::real;
};

// `--search-sla metric_tag:stat:op:threshold` (threshold in the metric's own unit).
enum class SlaOp { lt, le, gt, ge };
struct SlaFilter {
  std::string metric_tag;  // "time_to_first_token"
  std::string stat;        // avg, min, max, p1, p5, p10, p25, p50, p75, p90, p95, p99
  SlaOp op = SlaOp::le;
  double threshold = 0;
};

enum class SearchDirection { maximize, minimize };

// What one planner iteration (one point, `--num-profile-runs` trials) produced.
struct ProbeResult {
  std::vector<double> point;        // one value per SearchDimension, in order
  int successful_trials = 0;        // trials that finished and produced a summary
  int passing_trials = 0;           // successful trials that met every SLA filter
  bool feasible = false;            // at least one successful trial met every filter (§5.6)
  std::optional<double> objective;  // mean over successful trials of the objective stat
  // Per SLA filter (same order as the filters), mean over successful trials of the observed
  // value; nullopt when no trial had a finite value.
  std::vector<std::optional<double>> observed;
  // Per SLA filter, the signed margin in the threshold's unit: positive inside the SLA
  // (threshold - observed for lt/le, observed - threshold for gt/ge); nullopt as above.
  std::vector<std::optional<double>> margins;
};

}  // namespace aiperf
