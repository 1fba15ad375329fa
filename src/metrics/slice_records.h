#pragma once
// --slice-duration's and --steady-state's per-record data (metrics/timeslices.h,
// metrics/steady_state.h) in memory that does not grow with the run: the newest records are
// kept as they are; once the budget's worth is held they are sorted by start time and written
// to the spill file as one run. At the summary the runs are
// merged in start order, which brings each slice's records together; a slice's records are put
// back in arrival order and summarised before the next slice is read, so only one slice is in
// memory and every slice's statistics are those of the in-memory path, bit for bit.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "metrics/metric_result.h"
#include "metrics/sorted_runs.h"
#include "metrics/spill_space.h"
#include "metrics/timeslices.h"

namespace aiperf {

// A run item: one record with its arrival number. Metric values as varints when whole.
struct SliceRecordCodec {
  struct Item {
    uint64_t arrival = 0;
    SliceRecord record;
  };
  struct State {
    int64_t start = 0;
  };
  static void encode(std::string& out, const Item& item, State& s);
  static Item decode(RunBytes& in, State& s);
  static bool less(const Item& a, const Item& b) {
    return a.record.start_wall_ns != b.record.start_wall_ns ? a.record.start_wall_ns < b.record.start_wall_ns
                                                            : a.arrival < b.arrival;
  }
  static bool coalesce(Item&, const Item&) { return false; }
};

class SliceRecords {
 public:
  explicit SliceRecords(SpillSettings settings = {}) : space_(std::move(settings)) {}
  // Kept until the budget's worth is held (SpillSettings::slice_records_in_memory), then spilled.
  void push_back(SliceRecord record);
  size_t size() const { return size_; }
  bool spilled() const { return !runs_.empty(); }
  // summarize_timeslices() over every record so far.
  std::vector<Timeslice> summarize(int64_t slice_ns);
  // The earliest start and the latest end (or start) over every record so far.
  int64_t first_start() const { return first_start_; }
  int64_t last_end() const { return last_end_; }
  // f(const SliceRecord&) for every record so far by start time, ties in arrival order
  // (--steady-state reads them this way, once per pass); memory as for summarize().
  template <class F>
  void for_each_by_start(F&& f);

 private:
  void spill();
  SpillSpace space_;
  std::vector<SliceRecord> recent_;
  uint64_t first_arrival_ = 0;  // the arrival number of recent_[0]
  size_t size_ = 0;
  int64_t first_start_ = 0, last_end_ = 0;  // over every record so far
  SortedRuns<SliceRecordCodec> runs_;
};

template <class F>
void SliceRecords::for_each_by_start(F&& f) {
  if (!spilled()) {
    std::vector<uint32_t> order(recent_.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return recent_[a].start_wall_ns < recent_[b].start_wall_ns;
    });
    for (uint32_t i : order) f(std::as_const(recent_[i]));
    return;
  }
  spill();
  runs_.compact(space_.file());
  MergedRuns<SliceRecordCodec> in = runs_.merged(space_.file());
  SliceRecordCodec::Item item;
  while (in.next(item)) f(std::as_const(item.record));
}

}  // namespace aiperf
