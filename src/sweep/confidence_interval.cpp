#include "sweep/confidence_interval.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/students_t.hpp>

namespace aiperf {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void check_level(double confidence_level) {
  if (!(confidence_level > 0 && confidence_level < 1))
    throw std::invalid_argument("confidence level must lie in (0, 1), got " + std::to_string(confidence_level));
}

}  // namespace

double student_t_critical(double confidence_level, std::size_t degrees_of_freedom) {
  check_level(confidence_level);
  if (degrees_of_freedom == 0) throw std::invalid_argument("Student-t needs at least 1 degree of freedom");
  const double alpha = 1 - confidence_level;
  boost::math::students_t dist(static_cast<double>(degrees_of_freedom));
  // The upper tail alpha/2 asked directly: no 1 - tiny cancellation at high confidence levels.
  return boost::math::quantile(boost::math::complement(dist, alpha / 2));
}

ConfidenceInterval confidence_interval(std::span<const double> values, double confidence_level) {
  check_level(confidence_level);
  ConfidenceInterval ci;
  ci.n = values.size();
  if (values.empty()) {
    ci.mean = ci.std = ci.min = ci.max = ci.cv = ci.se = ci.t_critical = ci.ci_low = ci.ci_high = kNaN;
    return ci;
  }
  for (double v : values)
    if (!std::isfinite(v)) throw std::invalid_argument("confidence_interval: values must be finite");

  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  ci.min = *lo;
  ci.max = *hi;
  double sum = 0;
  for (double v : values) sum += v;
  const double n = static_cast<double>(values.size());
  ci.mean = sum / n;
  if (values.size() == 1) {
    ci.std = ci.se = ci.cv = 0;
    ci.t_critical = kNaN;
    ci.ci_low = ci.ci_high = ci.mean;
    return ci;
  }
  // Two-pass: the squared deviations from the mean, not sum(x^2) - n*mean^2, which cancels
  // badly for large values with a small spread (throughputs, timestamps).
  double squares = 0;
  for (double v : values) squares += (v - ci.mean) * (v - ci.mean);
  ci.std = std::sqrt(squares / (n - 1));
  ci.cv = ci.mean == 0 ? std::numeric_limits<double>::infinity() : ci.std / std::fabs(ci.mean);
  ci.se = ci.std / std::sqrt(n);
  ci.t_critical = student_t_critical(confidence_level, values.size() - 1);
  ci.ci_low = ci.mean - ci.t_critical * ci.se;
  ci.ci_high = ci.mean + ci.t_critical * ci.se;
  return ci;
}

}  // namespace aiperf
