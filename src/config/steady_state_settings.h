#pragma once
// --steady-state (metrics-and-outputs.md §7.10, docs/steady_state.md): the profiling records
// inside a window that leaves out the ramp-up and the drain, summarised on their own.
#include <cstdint>
#include <optional>

namespace aiperf {

struct SteadyStateSettings {
  // A manual window as percentages of the run (first request start = 0, last response = 100);
  // both or neither. Neither: the window is detected.
  std::optional<double> start_pct, end_pct;
  double min_window_pct = 10;          // a detected window shorter than this % of the run: the whole run
  int64_t bootstrap_iterations = 1000; // resamples per confidence interval; 0: none
  bool manual() const { return start_pct.has_value(); }
};

}  // namespace aiperf
