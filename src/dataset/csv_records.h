#pragma once
// RFC 4180 CSV: fields separated by commas, optionally double-quoted; a quoted field may hold
// commas, newlines and "" (one quote). Dataset texts (math problems, code) need all three.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf {

struct CsvRecord {
  std::vector<std::string> fields;
  size_t line = 0;  // 1-based line the record starts on
};

// Every record of `text` in order, blank lines skipped. An unterminated quote is reported by
// `unterminated_at` (the line it opened on; 0 when the text is well-formed).
std::vector<CsvRecord> parse_csv(std::string_view text, size_t& unterminated_at);

}  // namespace aiperf
