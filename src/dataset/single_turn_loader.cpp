// --custom-dataset-type single_turn (workloads-and-endpoints.md §3.1): one JSON object per
// line, one request each. Text rows only for now.
#include "dataset/input_file_dataset.h"
#include "dataset/row_texts.h"

namespace aiperf {

FileDataset load_single_turn_file(const ProfileConfig& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    row.reject({"image", "images", "image_uuids", "audio", "audios", "video", "videos", "role", "extra"});
    const CommonRowFields common = read_common_row_fields(row);
    std::vector<std::string> texts = read_row_texts(row);
    if (texts.size() != 1)
      row.fail("'texts' with " + std::to_string(texts.size()) +
               " texts (several prompts in one request) is not supported yet by aiperf-cpp");
    DatasetEntry entry;
    entry.prompt = std::move(texts.front());
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
