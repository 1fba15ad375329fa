// --custom-dataset-type single_turn (workloads-and-endpoints.md §3.1): one JSON object per
// line, one request each: texts, media, role, extra and the trace fields.
#include "dataset/input_file_dataset.h"
#include "dataset/row_content.h"

namespace aiperf {

FileDataset load_single_turn_file(const ProfileConfig& config, const Tokenizer&) {
  FileDataset out;
  FallbackOutputLength fallback_osl(config);
  for_each_jsonl_row(*config.input_file, [&](const JsonlRow& row) {
    const CommonRowFields common = read_common_row_fields(row);
    RowContent content = read_row_content(row, config.endpoint_type);
    DatasetEntry entry;
    split_row_texts(std::move(content.texts), entry.prompt, entry.more_texts);
    if (content.has_media()) entry.turn_media.push_back(std::move(content.media));
    if (std::optional<std::string> role = row.string("role")) {
      if (role->empty()) row.fail("'role' must not be empty");
      entry.role = *role;
    }
    if (std::string extra = read_row_extra(row); !extra.empty()) entry.turn_extra_bodies.push_back(std::move(extra));
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
