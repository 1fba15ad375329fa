#include "live/live_format.h"

#include <cmath>
#include <cstdio>

namespace aiperf {

std::string format_clock(std::optional<double> seconds) {
  if (!seconds || !std::isfinite(*seconds) || *seconds < 0) return "--:--";
  const auto total = int64_t(*seconds + 0.5);
  char buf[32];
  if (total >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", (long long)(total / 3600), (long long)(total / 60 % 60),
                  (long long)(total % 60));
  else
    std::snprintf(buf, sizeof buf, "%02lld:%02lld", (long long)(total / 60), (long long)(total % 60));
  return buf;
}

std::string format_count(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_bytes(uint64_t bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = double(bytes);
  int unit = 0;
  while (v >= 1024 && unit < 4) {
    v /= 1024;
    ++unit;
  }
  char buf[32];
  if (unit == 0) std::snprintf(buf, sizeof buf, "%llu B", (unsigned long long)bytes);
  else std::snprintf(buf, sizeof buf, "%.1f %s", v, kUnits[unit]);
  return buf;
}

std::string format_rate(double r) {
  if (!std::isfinite(r) || r < 0) r = 0;
  if (r >= 100) return format_count(uint64_t(std::llround(r)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", r);
  return buf;
}

std::string format_percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * (std::isfinite(fraction) ? fraction : 0.0));
  return buf;
}

}  // namespace aiperf
