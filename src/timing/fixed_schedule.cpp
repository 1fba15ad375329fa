#include "timing/fixed_schedule.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aiperf {

FixedSchedule build_fixed_schedule(FileDataset file, const LoadSettings& config, const DatasetSettings& dataset) {
  const auto& ts = file.timestamps_ms;
  const auto start = config.fixed_schedule_start_offset;
  const auto end = config.fixed_schedule_end_offset;
  std::vector<size_t> kept;
  std::vector<size_t> children;  // launched by their parents, never scheduled themselves
  for (size_t i = 0; i < ts.size(); ++i) {
    if (file.dataset.entries[i].is_child) {
      children.push_back(i);
      continue;
    }
    if (!ts[i])
      throw ConfigError("--input-file " + dataset.input_file.value_or("") + ", line " +
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
                      dataset.input_file.value_or("the input file"));
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
  // Children follow the scheduled roots (offsets_ns covers the roots only); launches are
  // renumbered to the new positions. Children of dropped roots are kept but never launched.
  std::vector<uint32_t> moved_to(ts.size(), 0);
  for (size_t k = 0; k < kept.size(); ++k) moved_to[kept[k]] = uint32_t(k);
  for (size_t k = 0; k < children.size(); ++k) moved_to[children[k]] = uint32_t(kept.size() + k);
  kept.insert(kept.end(), children.begin(), children.end());
  for (size_t i : kept) {
    DatasetEntry& e = file.dataset.entries[i];
    // Later turns' trace times move onto the same schedule as the first turns.
    for (DatasetTurn& t : e.later_turns)
      if (t.timestamp_ms) t.timestamp_ms = std::max(0.0, *t.timestamp_ms - zero);
    if (e.agentic) {
      for (MessageTurn& t : e.agentic.edit().turns) {
        if (t.timestamp_ms) t.timestamp_ms = std::max(0.0, *t.timestamp_ms - zero);
        for (ChildLaunch& l : t.launches) l.child = moved_to[l.child];
      }
      for (ChildLaunch& l : e.agentic.edit().pre_session_spawns) l.child = moved_to[l.child];
    }
    if (!e.is_child) out.offsets_ns.push_back(std::llround((*ts[i] - zero) * 1e6));
    out.dataset.entries.push_back(std::move(e));
  }
  return out;
}

}  // namespace aiperf
