#include "plot/nice_ticks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace aiperf::plot {
namespace {

constexpr const char* kMinus = "\u2212";

// 10^e as exactly as a double allows: dividing by a power of ten, rather than multiplying by
// its (inexact) reciprocal, rounds k/10 to the double nearest the decimal k/10.
double scale_by_pow10(double mantissa, int e) {
  return e >= 0 ? mantissa * std::pow(10.0, e) : mantissa / std::pow(10.0, -e);
}

// `value` with `decimals` decimals, then trailing zeros (and a bare point) dropped.
std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 20), value);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string with_minus(bool negative, std::string digits) {
  if (!negative || digits == "0") return digits;
  return kMinus + digits;
}

struct Suffix {
  int exponent;
  const char* text;
};
constexpr std::array<Suffix, 4> kSuffixes{{{12, "T"}, {9, "G"}, {6, "M"}, {3, "k"}}};

}  // namespace

LinearTicks nice_linear_ticks(double lo, double hi, int max_intervals, bool whole_numbers) {
  LinearTicks ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi)) return ticks;
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    ticks.values.push_back(lo);
    return ticks;
  }
  const double raw = (hi - lo) / std::max(1, max_intervals);
  int e = static_cast<int>(std::floor(std::log10(raw)));
  int mantissa = 10;
  for (int m : {1, 2, 5, 10}) {
    if (scale_by_pow10(m, e) >= raw * (1 - 1e-12)) {
      mantissa = m;
      break;
    }
  }
  if (mantissa == 10) {
    mantissa = 1;
    ++e;
  }
  if (whole_numbers && e < 0) mantissa = 1, e = 0;
  ticks.step = scale_by_pow10(mantissa, e);
  // Tick k is k·mantissa·10^e; computing it from the integer k·mantissa keeps it exact.
  // Ticks k·step for k from `first` to `last`; the slack absorbs lo/step landing a hair off an integer.
  const double first = std::floor(lo / ticks.step + 1e-9);
  const double last = std::ceil(hi / ticks.step - 1e-9);
  if (last - first > 10000 || first == first + 1) {
    // A span below the doubles' resolution at this magnitude: no step between lo and hi exists.
    ticks.step = hi - lo;
    ticks.values = {lo, hi};
    return ticks;
  }
  for (double k = first; k <= last; ++k) ticks.values.push_back(scale_by_pow10(k * mantissa, e));
  return ticks;
}

std::vector<double> nice_log_ticks(double lo, double hi, int max_count) {
  std::vector<double> values;
  if (!(lo > 0) || !(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi)) return values;
  if (lo > hi) std::swap(lo, hi);
  const int first = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
  const int last = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
  const double span = std::log10(hi / lo);
  static constexpr std::array<int, 1> kDecade{1};
  static constexpr std::array<int, 3> kOneTwoFive{1, 2, 5};
  static constexpr std::array<int, 9> kAll{1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::vector<int> mantissas;
  if (span < 1.3) mantissas.assign(kAll.begin(), kAll.end());
  else if (span < 3) mantissas.assign(kOneTwoFive.begin(), kOneTwoFive.end());
  else mantissas.assign(kDecade.begin(), kDecade.end());
  const int decades = std::max(1, last - first);
  const int most = std::max(1, max_count);
  const int stride = mantissas.size() == 1 ? std::max(1, (decades + most - 1) / most) : 1;
  // Strided decades stay aligned to multiples of the stride (10⁰, 10³, 10⁶), not to the data.
  const int start = static_cast<int>(std::floor(static_cast<double>(first) / stride)) * stride;
  for (int e = start; e - stride < last; e += stride) {
    for (int m : mantissas) {
      if (e >= last && m > 1) break;  // the covering tick above hi is a decade
      values.push_back(scale_by_pow10(m, e));
    }
  }
  return values;
}

std::string format_linear_tick(double value, double step) {
  if (!std::isfinite(value)) return "";
  step = std::fabs(step);
  if (step > 0 && std::fabs(value) < step * 1e-9) value = 0;
  if (value == 0) return "0";
  const bool negative = value < 0;
  const double magnitude = std::fabs(value);
  // Decimals the step needs: 0.05 → 2, 20 → 0. A zero step (one tick) takes the value's own.
  const double reference = step > 0 ? step : magnitude;
  const int step_exponent = static_cast<int>(std::floor(std::log10(reference) + 1e-9));
  for (const Suffix& suffix : kSuffixes) {
    if (magnitude >= scale_by_pow10(1, suffix.exponent) * (1 - 1e-12)) {
      const int decimals = std::max(0, suffix.exponent - step_exponent) + (step > 0 ? 0 : 2);
      // Fine steps on large values read better whole: "1000.5", not "1.0005k".
      if (decimals > 2) break;
      return with_minus(negative, fixed(magnitude / std::pow(10.0, suffix.exponent), decimals) + suffix.text);
    }
  }
  const int decimals = std::max(0, -step_exponent) + (step > 0 ? 0 : 2);
  return with_minus(negative, fixed(magnitude, decimals));
}

std::string format_log_tick(double value) {
  if (!(value > 0) || !std::isfinite(value)) return "";
  const int e = static_cast<int>(std::floor(std::log10(value) + 1e-9));
  if (e < -3 || e >= 15) {
    const double mantissa = value / std::pow(10.0, e);
    return fixed(mantissa, 1) + "e" + (e < 0 ? std::string(kMinus) + std::to_string(-e) : std::to_string(e));
  }
  return format_linear_tick(value, scale_by_pow10(1, e));
}

}  // namespace aiperf::plot
