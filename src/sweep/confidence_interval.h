#pragma once
// The across-trial statistics of one summary statistic (cli-and-load.md §5.4): given the n
// values a metric statistic took over the successful trials, its mean, sample spread and the
// Student-t confidence interval of the mean. Used by the multi-run aggregate
// (confidence_aggregate.h) and by the ci_width / cv convergence modes (convergence.h).
#include <cstddef>
#include <span>

namespace aiperf {

struct ConfidenceInterval {
  std::size_t n = 0;     // values summarised
  double mean = 0;
  double std = 0;        // sample standard deviation (n - 1 in the denominator)
  double min = 0;
  double max = 0;
  double cv = 0;         // std / |mean|; +inf when mean is 0 (even when std is 0 too)
  double se = 0;         // std / sqrt(n)
  double t_critical = 0; // Student-t quantile at 1 - alpha/2, n - 1 degrees of freedom
  double ci_low = 0;     // mean - t_critical * se
  double ci_high = 0;    // mean + t_critical * se
};

// `values` must be finite (callers drop missing and non-finite observations first) and
// `confidence_level` must lie in (0, 1) (alpha = 1 - confidence_level); else
// std::invalid_argument.
//
// Degenerate sizes, chosen so that a statistic observed once still reports its value:
//  * n == 1: mean = min = max = the value; std = se = cv = 0; ci_low = ci_high = mean;
//    t_critical = NaN (a t quantile with 0 degrees of freedom does not exist; NaN tells a
//    reader there is no real interval). Upstream's aggregate reports the same shape.
//  * n == 0: every field NaN except n.
ConfidenceInterval confidence_interval(std::span<const double> values, double confidence_level);

// The two-sided Student-t critical value t.ppf(1 - alpha/2, degrees_of_freedom), with
// alpha = 1 - confidence_level. degrees_of_freedom >= 1 and confidence_level in (0, 1), else
// std::invalid_argument.
double student_t_critical(double confidence_level, std::size_t degrees_of_freedom);

}  // namespace aiperf
