#include "timing/fixed_schedule.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aiperf {

FixedSchedule build_fixed_schedule(FileDataset file, const ProfileConfig& config) {
  const auto& ts = file.timestamps_ms;
  const auto start = config.fixed_schedule_start_offset;
  const auto end = config.fixed_schedule_end_offset;
  std::vector<size_t> kept;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (!ts[i])
      throw ConfigError("--input-file " + config.input_file.value_or("") + ", line " +
                        std::to_string(file.lines[i]) +
                        ": no 'timestamp' (a fixed schedule needs one on every row; "
                        "--no-fixed-schedule ignores them)");
    if (start && *ts[i] < double(*start)) continue;
    if (end && *ts[i] > double(*end)) continue;
    kept.push_back(i);
  }
  if (kept.empty()) {
    std::string window = "[" + (start ? std::to_string(*start) : "first") + " ms, " +
                         (end ? std::to_string(*end) : "last") + " ms]";
    throw ConfigError("--fixed-schedule-start-offset/--fixed-schedule-end-offset: the window " + window +
                      " selects none of the " + std::to_string(ts.size()) + " rows of " +
                      config.input_file.value_or("the input file"));
  }
  std::stable_sort(kept.begin(), kept.end(), [&](size_t a, size_t b) { return *ts[a] < *ts[b]; });
  double zero = 0;
  if (config.fixed_schedule_auto_offset)
    zero = *ts[kept.front()];
  else if (start)
    zero = double(*start);

  FixedSchedule out;
  out.dataset.entries.reserve(kept.size());
  out.offsets_ns.reserve(kept.size());
  for (size_t i : kept) {
    // Later turns' trace times move onto the same schedule as the first turns.
    for (DatasetTurn& t : file.dataset.entries[i].later_turns)
      if (t.timestamp_ms) t.timestamp_ms = std::max(0.0, *t.timestamp_ms - zero);
    out.dataset.entries.push_back(std::move(file.dataset.entries[i]));
    out.offsets_ns.push_back(std::llround((*ts[i] - zero) * 1e6));
  }
  return out;
}

}  // namespace aiperf
