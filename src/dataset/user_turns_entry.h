#pragma once
// A conversation from a list of user texts (MT-Bench, SPEED-Bench): the first text is turn 1,
// the rest later turns sent with the live replies as history (upstream's
// deltas_without_responses, workloads-and-endpoints.md §5.1).
#include <string>
#include <vector>

#include "dataset/dataset.h"
#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {

// `osl` gives each turn's max_tokens (--osl, else none). On a non-chat endpoint only the first
// text is kept (completions carry no history) and `unsent` counts the texts left out.
DatasetEntry user_turns_entry(const std::vector<std::string>& texts, const DatasetBuildSettings& config,
                              FallbackOutputLength& osl, size_t index, size_t& unsent);

}  // namespace aiperf
