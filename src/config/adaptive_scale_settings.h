#pragma once
// Adaptive scale (cli-and-load.md §5.7): a profiling phase that finds, within one run, the
// highest value of one load variable whose assessment windows meet every phase SLA filter.
// What the YAML keys `phases.profiling.adaptive_scale` and `phases.profiling.sla` resolve to;
// the timing plane reads the variable and its range, the metrics plane judges the windows.
// docs/sweeps.md, "Adaptive scale (one run)", states the rules.
#include <cstdint>
#include <string>
#include <vector>

namespace aiperf {

// The load variable the controller moves (names: config/enum_names.h). users is refused by the
// CLI as not supported yet.
enum class AdaptiveVariable { concurrency, prefill_concurrency, request_rate, users };
enum class AdaptiveStepPolicy { fixed_percent_step, sla_margin };

// One phase SLA filter, `metric_tag:stat:op:threshold` (the grammar of --search-sla, §5.6),
// judged on one assessment window's requests. Threshold in the metric's display unit.
enum class WindowSlaOp { lt, le, gt, ge };
struct WindowSlaFilter {
  std::string metric_tag;  // "time_to_first_token"
  std::string stat;        // avg, min, max, p1 .. p99
  WindowSlaOp op = WindowSlaOp::le;
  double threshold = 0;
  std::string text;        // as written, for the event log ("time_to_first_token:p99:le:600")
};

struct AdaptiveScaleSettings {
  AdaptiveVariable variable = AdaptiveVariable::concurrency;
  double min = 1;  // the phase starts here
  double max = 1;  // never raised above this
  double assessment_period_s = 30;
  int64_t min_completed_requests = 10;  // a window with fewer is extended until it has them
  double sustain_duration_s = 30;       // hold the last passing value this long, then stop sending
  AdaptiveStepPolicy step_policy = AdaptiveStepPolicy::fixed_percent_step;
  double step_percent = 25;        // fixed_percent_step: value × (1 + step_percent / 100)
  double base_step = 10;           // sla_margin: base_step × multiplier
  double max_step_multiplier = 4;  // sla_margin: the multiplier's cap
  std::vector<WindowSlaFilter> sla;

  // concurrency, prefill_concurrency and users take whole values; request_rate any.
  bool integer() const { return variable != AdaptiveVariable::request_rate; }
};

}  // namespace aiperf
