#include "cli/number_flags.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include "common/trim.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

[[noreturn]] void fail(std::string_view flag, std::string_view what, std::string_view text) {
  throw ConfigError(std::string(flag) + ": expected " + std::string(what) + ", got '" +
                    std::string(text) + "'");
}

void check_sweep(std::string_view flag, std::string_view text, SweepList sweep) {
  if (sweep == SweepList::one_value_of_a_sweep && text.find(',') != std::string_view::npos)
    throw ConfigError(std::string(flag) + " " + std::string(text) +
                      ": one value expected (a sweep's comma list is split into one benchmark per value on the command "
                      "line; in a YAML file write a list)");
}

// Python's int()/float() accept a leading '+'; std::from_chars does not.
std::string_view strip_plus(std::string_view s) {
  if (s.size() > 1 && s.front() == '+' && s[1] != '-') s.remove_prefix(1);
  return s;
}

std::string format_number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

}  // namespace

int64_t parse_int_flag(std::string_view flag, std::string_view text, SweepList sweep) {
  check_sweep(flag, text, sweep);
  std::string_view s = strip_plus(trim_whitespace(text));
  int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec == std::errc::invalid_argument || end != s.data() + s.size())
    fail(flag, "an integer", text);
  if (ec == std::errc::result_out_of_range) fail(flag, "an integer in 64-bit range", text);
  return value;
}

uint64_t parse_uint_flag(std::string_view flag, std::string_view text) {
  std::string_view s = strip_plus(trim_whitespace(text));
  if (!s.empty() && s.front() == '-') {
    parse_int_flag(flag, text);  // reports non-numbers as such
    throw ConfigError(std::string(flag) + " must be >= 0 (got " + std::string(trim_whitespace(text)) + ")");
  }
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec == std::errc::invalid_argument || end != s.data() + s.size())
    fail(flag, "a non-negative integer", text);
  if (ec == std::errc::result_out_of_range) fail(flag, "an integer in 64-bit range", text);
  return value;
}

double parse_float_flag(std::string_view flag, std::string_view text, bool allow_inf,
                        SweepList sweep) {
  check_sweep(flag, text, sweep);
  std::string_view s = strip_plus(trim_whitespace(text));
  std::string low = lower(s);
  if (low == "inf" || low == "infinity" || low == "-inf" || low == "-infinity") {
    if (!allow_inf || low.front() == '-') fail(flag, "a finite number", text);
    return std::numeric_limits<double>::infinity();
  }
  double value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec == std::errc::invalid_argument || end != s.data() + s.size() ||
      std::isnan(value))
    fail(flag, "a number", text);
  if (ec == std::errc::result_out_of_range || std::isinf(value))
    fail(flag, "a finite number", text);
  return value;
}

void require_at_least(std::string_view flag, int64_t value, int64_t min) {
  if (value < min)
    throw ConfigError(std::string(flag) + " must be >= " + std::to_string(min) + " (got " +
                      std::to_string(value) + ")");
}

void require_at_least(std::string_view flag, double value, double min) {
  if (value < min)
    throw ConfigError(std::string(flag) + " must be >= " + format_number(min) + " (got " +
                      format_number(value) + ")");
}

void require_greater_than(std::string_view flag, double value, double bound) {
  if (!(value > bound))
    throw ConfigError(std::string(flag) + " must be > " + format_number(bound) + " (got " +
                      format_number(value) + ")");
}

}  // namespace aiperf
