#pragma once
// Trace replay (cli-and-load.md §4.3): entry k is sent at phase start + offsets_ns[k] on
// absolute deadlines, with dataset entry k. With --concurrency C, a due entry that finds C
// requests in flight waits for a slot (it is never skipped) and is sent late: its credit
// keeps the trace time as scheduled_ns, so send_lag shows the wait. Sending ends after the
// last entry, or earlier when a stop condition (count, duration, cancel) says so.
#include <vector>

#include "timing/load_strategy.h"

namespace aiperf {

class FixedScheduleStrategy : public LoadStrategy {
 public:
  explicit FixedScheduleStrategy(const PhaseSpec& spec);

  void start(PhaseControl& control) override;
  void credit_returned(PhaseControl& control) override;
  int64_t next_deadline_ns() const override;
  void deadline_reached(PhaseControl& control, int64_t now_ns) override;
  bool sends_on_schedule() const override { return true; }

 private:
  const std::vector<int64_t>& offsets_ns_;
  int64_t ceiling_;  // 0 = none
  ShardSlice shard_;  // sharded: the entries this process replays
  int64_t start_ns_ = 0;
  size_t next_ = 0;
  bool waiting_for_slot_ = false;  // entry next_ is due and every slot is taken
};

}  // namespace aiperf
