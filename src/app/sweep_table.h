#pragma once
// The per-cell results table a sweep prints after each benchmark (cli-and-load.md §5.2;
// --no-sweep-table turns it off, and it is off when stdout is not a terminal).
#include <string>
#include <vector>

#include "app/study_trials.h"

namespace aiperf {

struct SweepTableRow {
  std::string variation;
  std::string trial;       // "1/3"
  const TrialRecord* record = nullptr;
  std::string verdict;     // "pass" / "fail" against the SLA filters, "" without filters
};

// Columns: variation, trial, status, request throughput, output token throughput, p99 TTFT (when
// streamed), p99 request latency, errors.
std::string sweep_table(const std::vector<SweepTableRow>& rows, bool with_verdict);

}  // namespace aiperf
