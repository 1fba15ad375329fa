#pragma once
// Adaptive scale (cli-and-load.md §5.7): judges the profiling phase in assessment windows
// against the phase SLA filters and decides the next value of the control variable. Runs on
// the record-processor thread (fed by export/adaptive_scale_export.h); the run copies
// value() and stop_at_ns() into the timing plane's LoadKnob. docs/sweeps.md, "Adaptive scale
// (one run)", states the rules; the numbers are defined here.
//
// Windows. Window 0 opens at the earliest send among its requests; window k+1 opens when
// window k is judged (the moment the value changed). A window's requests are the profiling
// requests sent at or after it opened (so every one ran under its value) that have finished
// by the time it is judged; a request sent in one window and finished after it was judged
// belongs to none. A window is judged at the first finished request that finds
// assessment_period elapsed since it opened and at least min_completed_requests in it; a
// window short of requests is thereby extended. Errors count as requests.
//
// Filters. Per filter: the stat (avg, min, max, pNN as NumPy's linear percentile) of the
// metric over the window's successful requests, in the metric's display unit; the window
// aggregates request_error_rate (100 * failed / requests), request_throughput (requests /
// window seconds) and output_token_throughput (output tokens / window seconds) take stat avg.
// A filter without a value (no request had the metric) fails. A window passes when every
// filter passes.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "config/adaptive_scale_settings.h"
#include "metrics/metric_catalogue.h"
#include "metrics/record_metrics.h"

namespace aiperf {

// What the controller does after a window (`decision` in adaptive_scale_events.jsonl).
enum class AdaptiveAction {
  raise,      // passed below max: the next window runs at next_value
  hold_max,   // passed at max: hold max for sustain_duration, then stop sending
  fall_back,  // first failure: back to the last passing value, hold it, then stop sending
  stop,       // the first window failed: no value in range passes; stop sending now
  hold,       // a window while holding: judged and logged, nothing changes
};
const char* adaptive_action_name(AdaptiveAction a);

struct AdaptiveDecision {
  AdaptiveAction action = AdaptiveAction::hold;
  double next_value = 0;   // the value in force from now on
  int64_t stop_at_ns = 0;  // monotonic; hold_max, fall_back and stop set it
};

// The ramp_until_fail rules alone, without records or clocks. Steps after a passing window:
//   fixed_percent_step: v' = v × (1 + step_percent / 100)
//   sla_margin:         v' = v + base_step × m,  m = 1 + (max_step_multiplier − 1) × min(1, r / 0.5)
//                       r: the binding filter's relative margin (binding_relative_margin)
// then, for a whole-valued variable, v' rounded to the nearest integer (halves up); always
// v' >= v + 1; never above max.
class RampUntilFail {
 public:
  explicit RampUntilFail(const AdaptiveScaleSettings& settings);

  const AdaptiveScaleSettings& settings() const { return s_; }
  double value() const { return value_; }
  // The window run at value() closed at `now_ns`. `relative_margin` is only read by sla_margin.
  AdaptiveDecision decide(bool passed, double relative_margin, int64_t now_ns);
  double next_value(double value, double relative_margin) const;

  bool holding() const { return stop_at_ns_ != 0; }
  int64_t stop_at_ns() const { return stop_at_ns_; }
  std::optional<double> last_passing() const { return last_passing_; }
  std::optional<double> first_failing() const { return first_failing_; }
  // "sla_failed", "max_reached", "no_passing_value"; "" while ramping.
  std::string_view stop_reason() const { return stop_reason_; }

 private:
  AdaptiveScaleSettings s_;
  double value_;
  std::optional<double> last_passing_, first_failing_;
  int64_t stop_at_ns_ = 0;
  std::string_view stop_reason_;
};

// One filter's verdict on one window.
struct WindowFilterVerdict {
  std::optional<double> observed;  // display unit; nullopt: the window had no value
  bool passed = false;
  std::optional<double> margin;    // threshold − observed (lt, le), observed − threshold (gt, ge)
};

// min over the filters of margin / |threshold| (+inf for a zero threshold); 0 when a filter
// has no value. Positive: every filter has headroom.
double binding_relative_margin(std::span<const WindowFilterVerdict> verdicts,
                               std::span<const WindowSlaFilter> filters);

struct AdaptiveWindowReport {
  int64_t index = 0;
  int64_t open_ns = 0, close_ns = 0;  // monotonic
  bool extended = false;              // the period had passed with too few requests
  double value = 0;                   // the control variable's value during the window
  int64_t completed = 0, failed = 0;
  std::vector<WindowFilterVerdict> filters;  // in the settings' order
  bool passed = false;
  AdaptiveDecision decision;
};

class AdaptiveScaleController {
 public:
  // Throws ConfigError naming the filter when its metric does not exist, cannot be judged per
  // window, or needs streaming the run does not do.
  AdaptiveScaleController(const AdaptiveScaleSettings& settings, bool streaming);

  // One finished profiling request; `now_ns` is the monotonic time it is processed. Returns the
  // report of the window this call judged, if any. After the stop time nothing is judged.
  std::optional<AdaptiveWindowReport> add(int64_t start_ns, int64_t end_ns, bool failed, const RecordMetrics& m,
                                          int64_t now_ns);

  double value() const { return policy_.value(); }
  int64_t stop_at_ns() const { return policy_.stop_at_ns(); }
  const RampUntilFail& policy() const { return policy_; }
  const AdaptiveScaleSettings& settings() const { return policy_.settings(); }
  int64_t windows() const { return next_index_; }
  int64_t hold_windows_failed() const { return hold_windows_failed_; }
  // The display unit of each filter's metric ("ms", "%", "requests/sec", ...).
  std::string_view unit(size_t filter) const { return filters_[filter].unit; }

 private:
  enum class Aggregate { none, error_rate, request_throughput, output_token_throughput };
  struct Filter {
    std::optional<MetricId> metric;  // a record metric
    Aggregate aggregate = Aggregate::none;
    double divisor = 1;
    std::string_view unit;
    std::vector<double> samples;  // this window's, display unit; capacity kept across windows
  };
  AdaptiveWindowReport judge(int64_t now_ns);
  WindowFilterVerdict verdict(size_t i, double seconds);

  RampUntilFail policy_;
  std::vector<Filter> filters_;
  int64_t open_ns_ = 0;  // 0: window 0, not yet opened by a request
  int64_t completed_ = 0, failed_ = 0;
  double output_tokens_ = 0;
  bool extended_ = false;
  int64_t next_index_ = 0;
  int64_t hold_windows_failed_ = 0;
};

}  // namespace aiperf
