#include "export/number_format.h"

#include <cmath>
#include <cstdio>

namespace aiperf {
namespace {

// Inserts ',' every three digits of the integer part of an already formatted number.
std::string group_thousands(const std::string& plain) {
  size_t digits_begin = (!plain.empty() && plain[0] == '-') ? 1 : 0;
  size_t digits_end = plain.find('.');
  if (digits_end == std::string::npos) digits_end = plain.size();
  std::string out = plain.substr(0, digits_begin);
  for (size_t i = digits_begin; i < digits_end; ++i) {
    size_t left = digits_end - i;
    if (i > digits_begin && left % 3 == 0) out += ',';
    out += plain[i];
  }
  out += plain.substr(digits_end);
  return out;
}

std::string non_finite_text(double v) {
  if (std::isnan(v)) return "nan";
  return v > 0 ? "inf" : "-inf";
}

}  // namespace

std::string format_fixed_2f(double v) {
  if (!std::isfinite(v)) return non_finite_text(v);
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string format_grouped_2f(double v) {
  if (!std::isfinite(v)) return non_finite_text(v);
  return group_thousands(format_fixed_2f(v));
}

std::string format_stat_cell(const std::optional<double>& v) {
  if (!v || !std::isfinite(*v)) return "N/A";
  return format_grouped_2f(*v);
}

std::string format_grouped_int(int64_t v) { return group_thousands(std::to_string(v)); }

bool is_integral(double v) {
  // 2^63 is exactly representable; anything at or beyond it does not fit an int64.
  return std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 9223372036854775808.0;
}

}  // namespace aiperf
