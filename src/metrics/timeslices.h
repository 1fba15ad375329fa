#pragma once
// --slice-duration: profiling records grouped into fixed windows by start time, each window
// summarised on its own (metrics-and-outputs.md §5.3, §7.7).
#include <cstdint>
#include <vector>

#include "metrics/metric_result.h"
#include "metrics/record_metrics.h"
#include "metrics/spill_space.h"

namespace aiperf {

// What a slice needs of one profiling record; kept for every record when slicing is on.
struct SliceRecord {
  int64_t start_wall_ns = 0;  // request start (the slice key)
  int64_t end_wall_ns = 0;    // last response byte, or when the error was detected
  bool is_error = false;
  RecordMetrics metrics;
};

// Edges start at the earliest start and step by `slice_ns`; a slice with no record starting in
// it is skipped. The slice holding the last response ends there and is flagged incomplete.
// Rates in each slice divide by its own (possibly cut) length.
// `spill`: each slice's accumulator's memory budget (metrics/spill_space.h).
std::vector<Timeslice> summarize_timeslices(const std::vector<SliceRecord>& records, int64_t slice_ns,
                                            const SpillSettings& spill = {});

// The pieces, for slices summarised one at a time (metrics/slice_records.h): a record into its
// slice's accumulator (records in arrival order), and the slice `index` of the grid that starts
// at `first_start` and holds the last response at `last_end`.
class MetricAccumulator;
void add_slice_record(MetricAccumulator& acc, const SliceRecord& r);
Timeslice summarize_slice(MetricAccumulator& acc, int64_t index, int64_t first_start, int64_t last_end,
                          int64_t slice_ns);

}  // namespace aiperf
