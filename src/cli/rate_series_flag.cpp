#include "cli/rate_series_flag.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "config/user_json_nesting.h"

namespace aiperf {

namespace {

double number_field(const nlohmann::json& point, const char* key, const std::string& where) {
  auto it = point.find(key);
  if (it == point.end() || !it->is_number())
    throw ConfigError(where + ": \"" + key + "\" must be a number");
  double v = it->get<double>();
  if (!std::isfinite(v)) throw ConfigError(where + ": \"" + key + "\" must be finite");
  return v;
}

}  // namespace

std::vector<RateSeriesPoint> load_rate_series(std::string_view flag, const std::string& path) {
  const std::string file = std::string(flag) + " " + path;
  std::ifstream in(path);
  if (!in) throw ConfigError(file + ": cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  require_json_nesting(text.view(), file, 1);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw ConfigError(file + ": not valid JSON (" + e.what() + ")");
  }
  if (doc.is_object() && doc.contains("points")) doc = doc["points"];
  if (!doc.is_array())
    throw ConfigError(file + ": expected a list of {\"time_s\", \"qps\"} points or {\"points\": [...]}");
  if (doc.size() < 2) throw ConfigError(file + ": needs at least 2 points, found " + std::to_string(doc.size()));
  std::vector<RateSeriesPoint> points;
  for (size_t i = 0; i < doc.size(); ++i) {
    const std::string where = file + ": point " + std::to_string(i + 1);
    if (!doc[i].is_object()) throw ConfigError(where + ": expected {\"time_s\": ..., \"qps\": ...}");
    RateSeriesPoint p{number_field(doc[i], "time_s", where), number_field(doc[i], "qps", where)};
    if (p.time_s < 0) throw ConfigError(where + ": time_s must be >= 0");
    if (p.qps <= 0) throw ConfigError(where + ": qps must be > 0");
    if (!points.empty() && p.time_s <= points.back().time_s)
      throw ConfigError(where + ": time_s must be greater than the previous point's");
    points.push_back(p);
  }
  return points;
}

}  // namespace aiperf
