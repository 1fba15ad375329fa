#pragma once
// The entry of one dataset row that is a single turn (public datasets, text columns).
#include <string>

#include "dataset/dataset.h"
#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {

// Appends the row's entry: its prompt, the --osl fallback, the next default conversation id and
// the run's model. The entry is returned for the caller to add the row's media.
DatasetEntry& add_row_entry(Dataset& out, const DatasetBuildSettings& config, FallbackOutputLength& osl,
                            std::string prompt);

}  // namespace aiperf
