// --custom-dataset-type single_turn (workloads-and-endpoints.md §3.1): one JSON object per
// line, one request each. Text rows only for now.
#include "dataset/input_file_dataset.h"

namespace aiperf {
namespace {

// `texts` is a list of strings or of {name, contents: [...]} items; one prompt is all a
// single-turn chat or completions body carries today.
std::string single_text(const JsonlRow& row) {
  const nlohmann::json& texts = row.value.at("texts");
  std::vector<std::string> found;
  if (!texts.is_array()) row.fail("'texts' must be a list, got " + texts.dump());
  for (const nlohmann::json& item : texts) {
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
  if (found.size() != 1)
    row.fail("'texts' with " + std::to_string(found.size()) +
             " texts (several prompts in one request) is not supported yet by aiperf-cpp");
  return found.front();
}

}  // namespace

FileDataset load_single_turn_file(const ProfileConfig& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    row.reject({"image", "images", "image_uuids", "audio", "audios", "video", "videos", "role", "extra"});
    const CommonRowFields common = read_common_row_fields(row);
    const bool text = row.has("text"), texts = row.has("texts");
    if (text && texts) row.fail("'text' and 'texts' are mutually exclusive");
    if (!text && !texts) row.fail("missing required field 'text' (or 'texts')");
    DatasetEntry entry;
    entry.prompt = text ? *row.string("text") : single_text(row);
    // output_length is upstream's name; max_tokens is accepted as its synonym.
    std::optional<int64_t> osl = row.integer("output_length", 1);
    if (std::optional<int64_t> alias = row.integer("max_tokens", 1)) {
      if (osl) row.fail("'output_length' and 'max_tokens' are mutually exclusive");
      osl = alias;
    }
    entry.max_tokens = osl ? osl : fallback_osl.next();
    add_file_entry(out, config, row, common, std::move(entry));
  });
  return out;
}

}  // namespace aiperf
