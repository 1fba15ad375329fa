#pragma once
// The summarised value of one metric over a run (or phase), already in display units.
// This is the hand-off from the metrics plane to every exporter.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/error_details.h"
#include "metrics/console_group.h"

namespace aiperf {

struct MetricResult {
  std::string tag;           // upstream metric tag, e.g. "time_to_first_token"
  std::string header;        // e.g. "Time to First Token"
  std::string unit;          // display unit, e.g. "ms", "tokens/sec", "requests"
  int display_order = -1;    // console row order; -1 = none (sorted last)
  bool console = true;       // shown on the console (false = group NONE)
  ConsoleGroup console_group = ConsoleGroup::default_group;  // which console table
  bool distribution = false; // record metric: all stats present; else only `avg`
  bool integer_samples = false;  // samples were integers (token counts): min/max/sum print as ints;
                                 // single-value metrics: the value is a whole number (a count)

  double avg = 0;
  std::optional<double> min, max, p1, p5, p10, p25, p50, p75, p90, p95, p99, std;
  int64_t count = 0;         // samples (distribution only)
  double sum = 0;            // distribution only
  // Sweep-line statistics (§2.5) are time-weighted: no sample count, no sum; both are left out.
  bool has_count_and_sum = true;
};

struct ErrorSummaryEntry {
  ErrorDetails error;
  int64_t count = 0;
};

// One --slice-duration window (metrics-and-outputs.md §5.3): wall-clock bounds and the
// statistics of the profiling records that started inside it.
struct Timeslice {
  int64_t start_ns = 0;
  int64_t end_ns = 0;          // the final slice is cut at the last response
  bool is_complete = true;     // false for that cut final slice
  std::vector<MetricResult> metrics;
};

// --steady-state (metrics-and-outputs.md §7.10, docs/steady_state.md): where the window is,
// how it was found, and how far its statistics can be trusted. Times are wall-clock ns.
struct SteadyStateWindow {
  std::string detection_method;  // "cusum_mser5", "manual" or "full_run_fallback"
  std::string fallback_reason;   // full_run_fallback only
  int64_t run_start_ns = 0, run_end_ns = 0;  // first request start, last response
  int64_t ramp_up_end_ns = 0, ramp_down_start_ns = 0;
  int64_t total_requests = 0, steady_state_requests = 0;  // profiling records, errors included
  double fraction_retained = 0;
  std::optional<double> mean_concurrency;  // time-weighted requests in flight over the window
  // Latency of the window's valid records in start order: lag-1 autocorrelation, the variance
  // inflation factor it implies, and the effective samples left beyond p99.
  std::optional<double> lag1_autocorrelation;
  double variance_inflation_factor = 1;
  double effective_sample_size = 0;
  double effective_p99_sample_size = 0;
  bool sample_size_warning = false;
  std::optional<double> trend_correlation, trend_p_value;  // Spearman of latency batch means vs time
  bool stationarity_warning = false;
  // Each signal's own boundaries (nullopt: too little data for that signal).
  std::optional<int64_t> concurrency_ramp_up_end_ns, concurrency_ramp_down_start_ns;
  std::optional<int64_t> throughput_ramp_up_end_ns, throughput_ramp_down_start_ns;
  std::optional<int64_t> latency_mser5_truncation_ns, ttft_mser5_truncation_ns;
  int64_t mser_batch_size = 5;
  int64_t bootstrap_iterations = 0;
  double bootstrap_confidence_level = 0.95;
  std::optional<double> bootstrap_latency_ci_low_ms, bootstrap_latency_ci_high_ms;
  std::optional<double> bootstrap_throughput_ci_low, bootstrap_throughput_ci_high;  // requests/sec
};

struct SteadyStateSummary {
  SteadyStateWindow window;
  std::vector<MetricResult> metrics;  // the records inside the window, as RunSummary::metrics
};

struct RunSummary {
  std::vector<MetricResult> metrics;         // in processing order (exporters reorder as needed)
  std::vector<MetricResult> warmup_metrics;  // empty when no warm-up ran
  std::vector<ErrorSummaryEntry> errors;     // profiling-phase errors, first-seen order
  std::vector<Timeslice> timeslices;         // --slice-duration only; non-empty slices in time order
  std::optional<SteadyStateSummary> steady_state;  // --steady-state only
  int64_t valid_count = 0;                   // profiling records that succeeded
  int64_t error_count = 0;                   // profiling records that failed
  int64_t warmup_count = 0;                  // warm-up records (any outcome)
  // SSE messages whose data was not JSON (skipped), and the records that had any; all phases.
  int64_t invalid_sse_messages = 0;
  int64_t records_with_invalid_sse = 0;

  const MetricResult* find(const std::string& tag) const {
    for (const auto& m : metrics)
      if (m.tag == tag) return &m;
    return nullptr;
  }
};

}  // namespace aiperf
