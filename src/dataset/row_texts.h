#pragma once
// The prompt text(s) of a dataset row (workloads-and-endpoints.md §3.1): `text` (one string)
// or `texts` (strings, or {name, contents: [strings]} items), mutually exclusive. Shared by
// the single_turn, multi_turn and random_pool loaders.
#include <string>
#include <vector>

#include "dataset/jsonl_rows.h"

namespace aiperf {

// Every text of the row, in order (named items flattened). Throws ConfigError naming the
// file and line when neither or both fields are present or an item is malformed.
std::vector<std::string> read_row_texts(const JsonlRow& row);

}  // namespace aiperf
