#include "dataset/jsonl_rows.h"

#include <cmath>
#include <fstream>

#include "config/dataset_size_limit.h"
#include "config/profile_config.h"
#include "config/user_json_nesting.h"

namespace aiperf {
namespace {

bool blank(std::string_view s) { return s.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// nlohmann's messages start with "[json.exception.parse_error.101] "; the id says nothing
// to a user.
std::string without_exception_id(std::string what) {
  if (!what.empty() && what.front() == '[') {
    size_t close = what.find("] ");
    if (close != std::string::npos) what.erase(0, close + 2);
  }
  return what;
}

std::ifstream open_or_fail(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("--input-file " + path + ": cannot open file");
  return in;
}

}  // namespace

void JsonlRow::fail(const std::string& message) const {
  throw ConfigError("--input-file " + path + ", line " + std::to_string(line) + (where.empty() ? "" : ", " + where) +
                    ": " + message);
}

bool JsonlRow::has(const char* field) const {
  auto it = value.find(field);
  return it != value.end() && !it->is_null();
}

std::optional<double> JsonlRow::number(const char* field, double min) const {
  if (!has(field)) return std::nullopt;
  const nlohmann::json& v = value.at(field);
  if (!v.is_number()) fail(std::string("'") + field + "' must be a number, got " + v.dump());
  double d = v.get<double>();
  if (!std::isfinite(d) || d < min)
    fail(std::string("'") + field + "' must be >= " +
         (min == std::floor(min) ? std::to_string(int64_t(min)) : nlohmann::json(min).dump()) + ", got " + v.dump());
  return d;
}

std::optional<int64_t> JsonlRow::integer(const char* field, int64_t min) const {
  if (!has(field)) return std::nullopt;
  const nlohmann::json& v = value.at(field);
  if (!v.is_number_integer()) fail(std::string("'") + field + "' must be an integer, got " + v.dump());
  if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX))
    fail(std::string("'") + field + "' is too large: " + v.dump());
  int64_t n = v.get<int64_t>();
  if (n < min) fail(std::string("'") + field + "' must be >= " + std::to_string(min) + ", got " + v.dump());
  return n;
}

std::optional<int64_t> JsonlRow::prompt_tokens(const char* field) const {
  std::optional<int64_t> n = integer(field, 1);
  if (n)
    if (std::string problem = prompt_tokens_problem(*n); !problem.empty())
      fail(std::string("'") + field + "' " + std::to_string(*n) + ": " + problem);
  return n;
}

std::optional<std::string> JsonlRow::string(const char* field) const {
  if (!has(field)) return std::nullopt;
  const nlohmann::json& v = value.at(field);
  if (!v.is_string()) fail(std::string("'") + field + "' must be a string, got " + v.dump());
  return v.get<std::string>();
}

std::optional<std::vector<int64_t>> JsonlRow::integer_list(const char* field) const {
  if (!has(field)) return std::nullopt;
  const nlohmann::json& v = value.at(field);
  if (!v.is_array()) fail(std::string("'") + field + "' must be a list of integers, got " + v.dump());
  std::vector<int64_t> out;
  out.reserve(v.size());
  for (const nlohmann::json& item : v) {
    if (!item.is_number_integer() || (item.is_number_unsigned() && item.get<uint64_t>() > uint64_t(INT64_MAX)))
      fail(std::string("'") + field + "' must be a list of integers, got element " + item.dump());
    out.push_back(item.get<int64_t>());
  }
  return out;
}

void JsonlRow::reject(std::initializer_list<const char*> fields) const {
  for (const char* f : fields)
    if (value.contains(f)) fail(std::string("field '") + f + "' is not supported yet by aiperf-cpp");
}

void for_each_jsonl_row(const std::string& path, const std::function<void(const JsonlRow&)>& row) {
  std::ifstream in = open_or_fail(path);
  std::string text;
  size_t line = 0, rows = 0;
  while (std::getline(in, text)) {
    ++line;
    if (blank(text)) continue;
    require_json_nesting(text, "--input-file " + path, line);
    nlohmann::json value;
    try {
      value = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      throw ConfigError("--input-file " + path + ", line " + std::to_string(line) +
                        ": invalid JSON: " + without_exception_id(e.what()));
    }
    JsonlRow r{path, line, value};
    if (!value.is_object()) r.fail("expected a JSON object, got " + std::string(value.type_name()));
    row(r);
    ++rows;
  }
  if (in.bad()) throw ConfigError("--input-file " + path + ": read error");
  if (rows == 0) throw ConfigError("--input-file " + path + ": the file has no records");
}

}  // namespace aiperf
