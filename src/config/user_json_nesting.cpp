#include "config/user_json_nesting.h"

#include "common/json_nesting.h"
#include "config/profile_config.h"

namespace aiperf {

void require_json_nesting(std::string_view text, const std::string& where, size_t first_line) {
  const std::optional<JsonNestingExcess> excess = find_json_nesting_excess(text);
  if (!excess) return;
  std::string at = where;
  if (first_line > 0) at += ", line " + std::to_string(first_line + excess->line - 1);
  throw ConfigError(at + ": " + json_nesting_message());
}

}  // namespace aiperf
