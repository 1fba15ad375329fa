#include "dataset/csv_records.h"

namespace aiperf {

std::vector<CsvRecord> parse_csv(std::string_view text, size_t& unterminated_at) {
  std::vector<CsvRecord> out;
  unterminated_at = 0;
  size_t line = 1, i = 0;
  while (i < text.size()) {
    CsvRecord r;
    r.line = line;
    r.fields.emplace_back();
    bool quoted = false, record_has_text = false;
    size_t quote_line = 0;
    for (; i < text.size(); ++i) {
      const char c = text[i];
      if (quoted) {
        if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
          r.fields.back() += '"';
          ++i;
        } else if (c == '"') {
          quoted = false;
        } else {
          if (c == '\n') ++line;
          r.fields.back() += c;
        }
      } else if (c == '"') {
        quoted = true;
        quote_line = line;
        record_has_text = true;
      } else if (c == ',') {
        r.fields.emplace_back();
        record_has_text = true;
      } else if (c == '\n') {
        ++i;
        ++line;
        break;
      } else if (c != '\r') {
        r.fields.back() += c;
        record_has_text = true;
      }
    }
    if (quoted) {
      unterminated_at = quote_line;
      return out;
    }
    if (record_has_text) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace aiperf
