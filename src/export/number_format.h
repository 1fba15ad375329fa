#pragma once
// Number-to-text rules shared by the console report and the CSV summary. They copy Python's
// format specs because upstream's files are produced by Python (`{:,.2f}`, `%.2f`, `{:,}`).
#include <cstdint>
#include <optional>
#include <string>

namespace aiperf {

// `{:,.2f}`: two decimals with thousands separators, e.g. 1234.5 -> "1,234.50".
std::string format_grouped_2f(double v);

// A console stat cell: `{:,.2f}`, or "N/A" when missing or not finite.
std::string format_stat_cell(const std::optional<double>& v);

// `{:,}` for integers, e.g. 1234567 -> "1,234,567".
std::string format_grouped_int(int64_t v);

// `%.2f` as Python prints it: "nan", "inf", "-inf" for non-finite values.
std::string format_fixed_2f(double v);

// True when `v` is finite, integral and fits an int64 (safe to print without decimals).
bool is_integral(double v);

}  // namespace aiperf
