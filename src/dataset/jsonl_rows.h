#pragma once
// Reading a JSONL dataset file row by row, with errors that name the file and the line
// (workloads-and-endpoints.md §3). Blank lines are skipped, as upstream does.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {

// One parsed row and where it came from; the accessors throw ConfigError naming both.
struct JsonlRow {
  const std::string& path;
  size_t line = 0;  // 1-based
  const nlohmann::json& value;
  std::string where = {};  // names a part of the row in errors, e.g. "turn 2"

  [[noreturn]] void fail(const std::string& message) const;
  bool has(const char* field) const;
  // Missing or null -> nullopt; wrong type or out of range -> ConfigError.
  std::optional<double> number(const char* field, double min) const;
  std::optional<int64_t> integer(const char* field, int64_t min) const;
  // A token count >= 1 the client will synthesise a prompt of: also refused past
  // kMaxPromptTokens (config/dataset_size_limit.h), before anything is built.
  std::optional<int64_t> prompt_tokens(const char* field) const;
  std::optional<std::string> string(const char* field) const;
  std::optional<std::vector<int64_t>> integer_list(const char* field) const;
  // Throws "field 'X' is not supported yet" for the first of `fields` the row has.
  void reject(std::initializer_list<const char*> fields) const;
};

// Calls `row` for every non-blank line, in file order. A missing or unreadable file, a line
// that is not a JSON object, or a file without any row is a ConfigError.
void for_each_jsonl_row(const std::string& path, const std::function<void(const JsonlRow&)>& row);

}  // namespace aiperf
