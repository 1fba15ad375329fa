#include "metrics/timeslices.h"

#include <algorithm>
#include <map>

#include "metrics/metric_accumulator.h"

namespace aiperf {

void add_slice_record(MetricAccumulator& acc, const SliceRecord& r) {
  if (r.is_error) acc.add_error(r.metrics, r.start_wall_ns, r.end_wall_ns);
  else acc.add_valid(r.metrics, r.start_wall_ns, r.end_wall_ns);
}

Timeslice summarize_slice(MetricAccumulator& acc, int64_t index, int64_t first_start, int64_t last_end,
                          int64_t slice_ns) {
  // The grid's final slice is the one that holds the last response.
  const int64_t final_index = (last_end - first_start) / slice_ns;
  Timeslice s;
  s.start_ns = first_start + index * slice_ns;
  s.end_ns = s.start_ns + slice_ns;
  if (index == final_index && last_end < s.end_ns) {
    s.end_ns = std::max(last_end, s.start_ns + 1);  // never a zero-length rate window
    s.is_complete = false;
  }
  s.metrics = acc.summarize(s.end_ns - s.start_ns);
  return s;
}

std::vector<Timeslice> summarize_timeslices(const std::vector<SliceRecord>& records, int64_t slice_ns,
                                            const SpillSettings& spill) {
  std::vector<Timeslice> out;
  if (records.empty() || slice_ns <= 0) return out;
  int64_t first_start = records.front().start_wall_ns, last_end = records.front().end_wall_ns;
  for (const SliceRecord& r : records) {
    first_start = std::min(first_start, r.start_wall_ns);
    last_end = std::max({last_end, r.end_wall_ns, r.start_wall_ns});
  }
  std::map<int64_t, MetricAccumulator> slices;  // slice index -> its records, in time order
  for (const SliceRecord& r : records) {
    const int64_t index = (r.start_wall_ns - first_start) / slice_ns;
    auto at = slices.find(index);
    if (at == slices.end()) at = slices.try_emplace(index, spill).first;
    add_slice_record(at->second, r);
  }
  for (auto& [index, acc] : slices) out.push_back(summarize_slice(acc, index, first_start, last_end, slice_ns));
  return out;
}

}  // namespace aiperf
