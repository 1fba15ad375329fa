#include "telemetry/metric_unit.h"

namespace aiperf {

namespace {

bool strip(std::string_view& s, std::string_view suffix) {
  if (s.size() <= suffix.size() || s.substr(s.size() - suffix.size()) != suffix) return false;
  s.remove_suffix(suffix.size());
  return true;
}

}  // namespace

std::string infer_metric_unit(std::string_view name, std::string_view declared_unit) {
  if (!declared_unit.empty()) return std::string(declared_unit);
  std::string_view s = name;
  strip(s, "_total") || strip(s, "_count") || strip(s, "_sum") || strip(s, "_bucket");
  struct Rule {
    std::string_view suffix, unit;
  };
  static constexpr Rule kRules[] = {
      {"_seconds", "seconds"}, {"_milliseconds", "milliseconds"}, {"_ms", "milliseconds"},
      {"_microseconds", "microseconds"}, {"_us", "microseconds"}, {"_nanoseconds", "nanoseconds"},
      {"_bytes", "bytes"},     {"_tokens", "tokens"},
      {"_perc", "percent"},    {"_percent", "percent"},    {"_percentage", "percent"},
      {"_ratio", "ratio"},     {"_requests", "requests"},  {"_watts", "watts"},
      {"_joules", "joules"},   {"_celsius", "celsius"},    {"_hertz", "hertz"},
  };
  for (const Rule& r : kRules)
    if (s.size() > r.suffix.size() && s.substr(s.size() - r.suffix.size()) == r.suffix) return std::string(r.unit);
  return {};
}

}  // namespace aiperf
