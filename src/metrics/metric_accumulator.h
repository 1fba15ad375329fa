#pragma once
// Everything one benchmark phase needs for its summary: per-tag sample columns (one
// MetricSamples per record metric, not a map per record) plus the counters and time
// bounds behind the aggregate and derived metrics (metrics-and-outputs.md §1.2, §1.3, §5).
// Memory is bounded by `SpillSettings`: past the budgets, samples and request lives go to
// a spill file, and the statistics come out the same (docs/design.md, "Bounded memory").
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "metrics/metric_result.h"
#include "metrics/metric_samples.h"
#include "metrics/record_metrics.h"
#include "metrics/spill_space.h"
#include "metrics/sweep_intervals.h"

namespace aiperf {

class MetricAccumulator {
 public:
  explicit MetricAccumulator(SpillSettings spill = {}) : spill_(std::move(spill)) {}

  // --goodput given: good_request_count, goodput and good_request_fraction are reported (even
  // when no record was good).
  void enable_goodput() { goodput_ = true; }
  // Multi-turn run: session_count and session_throughput are reported (even when 0).
  void enable_sessions() { sessions_ = true; }

  // `request_start_wall_ns` is the record's wall-clock start (upstream timestamp_ns),
  // `request_end_wall_ns` when its response was fully consumed (0 = never sent / unknown).
  void add_valid(const RecordMetrics& m, int64_t request_start_wall_ns, int64_t request_end_wall_ns);
  void add_error(const RecordMetrics& m, int64_t request_start_wall_ns, int64_t request_end_wall_ns);

  int64_t valid_count() const { return valid_; }
  int64_t error_count() const { return errors_; }
  // Calls f(view) with the finite samples of record metric `id`, base units, ascending
  // (SortedSamples or MergedSamples: size(), for_each(), values_at()); returns what f returns.
  template <class F>
  auto with_ascending(MetricId id, F&& f) {
    MetricSamples& s = samples_[size_t(id)];
    if (s.spilled()) return f(s.merged(spill_.file()));
    SampleSorter sorter;
    return f(sorter.sorted_or_counted(s.in_memory_samples()));
  }
  // Whether anything went to the spill file so far.
  bool spilled() const { return spill_.has_file(); }

  // Record metrics with at least one sample (full statistics), then aggregates and derived
  // metrics that are defined; all in display units, in catalogue order. Rates divide by
  // `rate_window_ns` when given (a timeslice's length), else by benchmark_duration.
  // Not const: samples still in memory may be spilled to merge them with earlier runs.
  std::vector<MetricResult> summarize(std::optional<int64_t> rate_window_ns = std::nullopt);

 private:
  void add_samples(const RecordMetrics& m);
  void add_interval(const SweepInterval& r);

  SpillSpace spill_;
  std::array<MetricSamples, kRecordMetricCount> samples_;  // base units
  SweepIntervals intervals_;  // every request's life, for the sweep-line curves
  void add_counts(const RecordMetrics& m);
  // session_count / session_throughput (§1.3) and overall_thinking_efficiency (§1.2) into `v`.
  void add_session_and_thinking_values(std::array<std::optional<double>, kMetricCount>& v,
                                       std::optional<int64_t> rate_window_ns) const;
  // Speculative-decoding totals, zero-step count and run ratios (§1.8) into `v`.
  void add_spec_decode_values(std::array<std::optional<double>, kMetricCount>& v) const;

  int64_t valid_ = 0;
  int64_t errors_ = 0;
  int64_t cancelled_ = 0;
  int64_t streamed_ = 0;
  int64_t good_ = 0;
  bool goodput_ = false;
  bool sessions_ = false;
  int64_t sessions_completed_ = 0;
  // Records that could be judged, and those judged positive (the counts exist only when
  // at least one record could be judged).
  int64_t osl_judged_ = 0, osl_mismatched_ = 0;
  int64_t usage_judged_ = 0, usage_discrepant_ = 0;
  std::optional<int64_t> min_request_wall_ns_;   // over valid records only
  std::optional<int64_t> max_response_wall_ns_;  // start + request_latency, valid only
};

}  // namespace aiperf
