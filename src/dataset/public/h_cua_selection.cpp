#include "dataset/public/h_cua_selection.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "config/profile_config.h"

namespace aiperf {
namespace {

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& why) {
  throw ConfigError("--dataset-filter " + key + "=" + value + ": " + why);
}

int64_t integer_at_least_1(const std::string& key, const std::string& value) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || errno == ERANGE) bad(key, value, "expected an integer >= 1");
  if (v < 1) bad(key, value, "must be >= 1");
  return v;
}

double mean_of(const std::vector<size_t>& v) {
  return double(std::accumulate(v.begin(), v.end(), size_t(0))) / double(v.size());
}

std::vector<size_t> scaled(const std::vector<size_t>& lengths, double factor, size_t floor) {
  std::vector<size_t> out;
  out.reserve(lengths.size());
  for (size_t n : lengths) out.push_back(std::max(floor, size_t(std::nearbyint(factor * double(n)))));
  return out;
}

}  // namespace

HCuaFilters parse_h_cua_filters(const std::vector<std::pair<std::string, std::string>>& filters) {
  HCuaFilters f;
  for (const auto& [key, value] : filters) {
    if (key == "n_screenshots") {
      f.n_screenshots = integer_at_least_1(key, value);
    } else if (key == "min_trace_length") {
      f.min_trace_length = integer_at_least_1(key, value);
    } else if (key == "max_trace_length") {
      f.max_trace_length = integer_at_least_1(key, value);
    } else if (key == "avg_trace_length") {
      char* end = nullptr;
      const double v = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(v)) bad(key, value, "expected a number > 0");
      if (v <= 0) bad(key, value, "must be > 0");
      f.avg_trace_length = v;
    } else {
      bad(key, value, "h_cua_perf has no such filter (n_screenshots, min_trace_length, max_trace_length, "
                      "avg_trace_length)");
    }
  }
  if (f.max_trace_length && *f.max_trace_length < f.min_trace_length)
    throw ConfigError("--dataset-filter: max_trace_length=" + std::to_string(*f.max_trace_length) +
                      " is below min_trace_length=" + std::to_string(f.min_trace_length));
  return f;
}

size_t h_cua_kept_length(const HCuaFilters& filters, size_t length) {
  if (length < size_t(filters.min_trace_length)) return 0;
  return filters.max_trace_length ? std::min(length, size_t(*filters.max_trace_length)) : length;
}

std::vector<size_t> fit_h_cua_lengths(const HCuaFilters& filters, std::vector<size_t> lengths) {
  if (!filters.avg_trace_length || lengths.empty() || mean_of(lengths) <= *filters.avg_trace_length) return lengths;
  const double target = *filters.avg_trace_length;
  const size_t floor = size_t(filters.min_trace_length);
  double low = 0, high = 1;
  for (int step = 0; step < 32; ++step) {
    const double mid = (low + high) / 2;
    (mean_of(scaled(lengths, mid, floor)) < target ? low : high) = mid;
  }
  return scaled(lengths, high, floor);
}

}  // namespace aiperf
