#include "dataset/row_texts.h"

namespace aiperf {

std::vector<std::string> read_row_texts(const JsonlRow& row) {
  const bool text = row.has("text"), texts = row.has("texts");
  if (text && texts) row.fail("'text' and 'texts' are mutually exclusive");
  if (!text && !texts) row.fail("missing required field 'text' (or 'texts')");
  if (text) return {*row.string("text")};
  const nlohmann::json& list = row.value.at("texts");
  if (!list.is_array()) row.fail("'texts' must be a list, got " + list.dump());
  std::vector<std::string> found;
  for (const nlohmann::json& item : list) {
    if (item.is_string()) {
      found.push_back(item.get<std::string>());
    } else if (item.is_object() && item.contains("contents") && item["contents"].is_array()) {
      for (const nlohmann::json& c : item["contents"]) {
        if (!c.is_string()) row.fail("'texts' contents must be strings, got " + c.dump());
        found.push_back(c.get<std::string>());
      }
    } else {
      row.fail("'texts' items must be strings or {\"name\", \"contents\"} objects, got " + item.dump());
    }
  }
  if (found.empty()) row.fail("'texts' holds no text");
  return found;
}

}  // namespace aiperf
