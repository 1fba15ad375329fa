#pragma once
// The schedule of a trace replay (cli-and-load.md §4.3): which rows are sent and when,
// relative to the phase start. Rows outside [start offset, end offset] (ms, inclusive) are
// dropped; the rest are sorted by timestamp (file order among equals) and sent at
// (timestamp − z) ms, where z is the first kept timestamp with auto-offset, else the start
// offset, else 0. Later turns of a kept conversation keep their timestamps, also shifted by −z
// (DatasetTurn::timestamp_ms is then ms from the phase start). Child conversations (is_child:
// started by a parent's turn, never by the schedule) need no timestamp; they follow the roots.
#include <cstdint>
#include <vector>

#include "dataset/loaders/input_file_dataset.h"

namespace aiperf {

struct FixedSchedule {
  Dataset dataset;                 // the kept rows, in send order, then the child conversations
  std::vector<int64_t> offsets_ns; // entry k (a root) is due at phase start + offsets_ns[k]; ascending
};

// Throws ConfigError naming the file and line of a row without a timestamp, or naming the
// offsets when the window keeps no row.
FixedSchedule build_fixed_schedule(FileDataset file, const LoadSettings& config, const DatasetSettings& dataset);

}  // namespace aiperf
