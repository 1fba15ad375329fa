#pragma once
// Every request's life for the sweep-line curves (metrics/sweep_line.h), in memory that does
// not grow with the run: the newest intervals are kept as they are; once the budget's worth is
// held, each of their three stamp streams (starts, ends, first tokens) is sorted and written
// to the spill file as one run whose items carry their interval, and memory starts again. The
// sweep then reads the runs merged, in the same (time, interval, kind) order as in memory, so
// the curves come out the same to the last bit.
#include <cstdint>
#include <vector>

#include "metrics/metric_result.h"
#include "metrics/sorted_runs.h"
#include "metrics/spill_space.h"
#include "metrics/sweep_line.h"

namespace aiperf {

// A run item: a stamp and its interval, times as offsets from the stamp, token counts as
// varints when whole.
struct SweepStampCodec {
  using Item = SweepStamp;
  struct State {
    int64_t t = 0;
  };
  static void encode(std::string& out, const Item& item, State& s);
  static Item decode(RunBytes& in, State& s);
  static bool less(const Item& a, const Item& b) { return a.t != b.t ? a.t < b.t : a.interval < b.interval; }
  static bool coalesce(Item&, const Item&) { return false; }
};

class SweepIntervals {
 public:
  void push_back(const SweepInterval& r) {
    recent_.push_back(r);
    any_first_token_ |= r.first_token_ns != 0;
  }
  size_t in_memory() const { return recent_.size(); }
  bool spilled() const { return !runs_[0].empty(); }
  // The in-memory intervals become one run per stamp kind; memory starts again.
  void spill(SpillFile& file);
  // sweep_line_metrics() over every interval so far.
  std::vector<MetricResult> metrics(SpillSpace& space);

 private:
  std::vector<SweepInterval> recent_;
  uint32_t first_index_ = 0;  // the arrival number of recent_[0]
  bool any_first_token_ = false;
  SortedRuns<SweepStampCodec> runs_[3];  // by SweepKind
};

}  // namespace aiperf
