#include "common/json_nesting.h"

namespace aiperf {

std::optional<JsonNestingExcess> find_json_nesting_excess(std::string_view text, size_t limit) {
  size_t depth = 0, line = 1;
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '[':
      case '{':
        if (++depth > limit) return JsonNestingExcess{i, line};
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      default: break;
    }
  }
  return std::nullopt;
}

std::string json_nesting_message(size_t limit) {
  return "nesting too deep (limit " + std::to_string(limit) + ")";
}

}  // namespace aiperf
