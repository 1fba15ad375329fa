#include "dataset/iso8601_time.h"

#include <chrono>
#include <cstdio>

namespace aiperf {

std::optional<double> iso8601_ms(const std::string& s) {
  int y, mo, d, h, mi, sec, used = 0;
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &used) != 6 || used != 19)
    return std::nullopt;
  using namespace std::chrono;
  const year_month_day ymd{year{y}, month{unsigned(mo)}, day{unsigned(d)}};
  if (!ymd.ok() || h > 23 || mi > 59 || sec > 60) return std::nullopt;
  double ms = double(duration_cast<milliseconds>(sys_days{ymd}.time_since_epoch()).count()) +
              ((h * 60.0 + mi) * 60.0 + sec) * 1000.0;
  size_t i = 19;
  if (i < s.size() && s[i] == '.') {
    double scale = 100;
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, scale /= 10) ms += (s[i] - '0') * scale;
  }
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) return i + 1 == s.size() ? std::optional(ms) : std::nullopt;
  if (i == s.size()) return ms;  // no zone: taken as UTC, as SageMaker writes UTC
  int oh, om, used2 = 0;
  if ((s[i] == '+' || s[i] == '-') && std::sscanf(s.c_str() + i + 1, "%2d:%2d%n", &oh, &om, &used2) == 2 &&
      i + 1 + size_t(used2) == s.size())
    return ms - (s[i] == '+' ? 1 : -1) * (oh * 60.0 + om) * 60000.0;
  return std::nullopt;
}

}  // namespace aiperf
