#pragma once
// What the CLI must know about --input-file before the dataset is loaded: its type when
// --custom-dataset-type is omitted, and whether it is a timestamped trace, which turns on
// the fixed schedule (cli-and-load.md §2.1, §4.3).
#include <optional>
#include <string>

#include "config/profile_config.h"

namespace aiperf {

struct InputFilePeek {
  std::optional<CustomDatasetType> inferred_type;  // from the first row's fields
  bool first_row_has_timestamp = false;
  // Without an inferred type: what about the file defeated the guess ("PATH is empty",
  // "PATH line 1 is not valid JSON: ...", "PATH looks binary", ...).
  std::string why_unknown;
};

// Reads up to the first non-blank line. Throws ConfigError when the file cannot be opened or
// nests its JSON too deep; anything else wrong with it is reported by the loader, with its line
// number.
InputFilePeek peek_input_file(const std::string& path);

// --custom-dataset-type value; upstream types not implemented yet get "not supported yet".
CustomDatasetType parse_custom_dataset_type(const std::string& flag, const std::string& text);

}  // namespace aiperf
