// Axis tick values and their labels. Linear ticks step by 1, 2 or 5 times a power of ten so a
// reader can interpolate between them; log ticks sit on decades (with 2 and 5 between them when
// the axis spans few decades). Labels are printed from the step's decimal exponent, never from
// the double's own digits, so 0.3 reads "0.3" and not "0.30000000000000004".
#pragma once

#include <string>
#include <vector>

namespace aiperf::plot {

struct LinearTicks {
  double step = 0;
  std::vector<double> values;  // ascending; the first at or below lo, the last at or above hi
};

// The smallest 1-2-5 step that covers [lo, hi] with at most about `max_intervals` intervals
// (max_intervals ≥ 1). lo == hi gives a single tick; non-finite bounds give no ticks; a span too
// narrow for doubles at its magnitude (1e9 to 1e9 + 1e-8) gives just lo and hi.
// `whole_numbers`: the step is at least 1 (lanes, rows, counts have nothing between 2 and 3).
LinearTicks nice_linear_ticks(double lo, double hi, int max_intervals, bool whole_numbers = false);

// Ticks of a base-10 log axis covering [lo, hi] (0 < lo ≤ hi): decades, every k-th decade when
// there are more than `max_count`, with 2 and 5 (or 2 to 9 within one decade) when there are few.
std::vector<double> nice_log_ticks(double lo, double hi, int max_count);

// A linear tick's label: as many decimals as `step` needs, thousands as k/M/G/T ("1.5k";
// unless that needs more than two decimals: "1000.5"), trailing zeros dropped, a true minus
// sign. Values within step·1e-9 of zero read "0".
std::string format_linear_tick(double value, double step);

// A log tick's label: "0.05", "2", "500", "1k", "20M"; below 0.001 in exponent form ("2e−5").
std::string format_log_tick(double value);

}  // namespace aiperf::plot
