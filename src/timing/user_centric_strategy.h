#pragma once
// User-centric rate (cli-and-load.md §4.4, --user-centric-rate Q --num-users U): U users,
// each sending its next turn one turn_gap = U/Q seconds after its previous one was planned
// (never sooner; later when the reply is late), so the total is Q requests/s and every user's
// KV cache is revisited at a fixed interval. Users start from a virtual history
// (user_centric_start.h), staggered 1/Q apart; when a user's turns are used up a fresh user
// replaces it on a spawn timeline that ignores response times (open loop): only
// --concurrency (a ceiling on sessions) can hold a spawn back, and then it waits for a slot.
//
// Termination: once the phase may start no more sessions (request count, duration,
// --conversation-num, cancel) nothing more is spawned; running users stop with the phase.
#include <functional>
#include <queue>
#include <vector>

#include "timing/load_strategy.h"

namespace aiperf {

class UserCentricStrategy : public LoadStrategy {
 public:
  // `clock` returns monotonic ns (a fake in tests).
  explicit UserCentricStrategy(const PhaseSpec& spec, std::function<int64_t()> clock = nullptr);

  void start(PhaseControl& control) override;
  void credit_returned(PhaseControl& control) override;
  int64_t next_deadline_ns() const override;
  void deadline_reached(PhaseControl& control, int64_t now_ns) override;
  int64_t continuation_due_ns(const Credit& returned, int64_t after_delay_ns) override;
  void continuations_ready(PhaseControl& control) override;
  bool sends_on_schedule() const override { return true; }

  double turn_gap_ns() const { return gap_ns_; }
  double stagger_ns() const { return stagger_ns_; }

 private:
  struct PlannedUser {
    int64_t at_ns;
    uint32_t max_turns;
    uint64_t seq;
    uint64_t slot;  // the initial user it descends from: sharded runs split users by slot
    bool operator>(const PlannedUser& o) const { return at_ns != o.at_ns ? at_ns > o.at_ns : seq > o.seq; }
  };
  void plan(int64_t at_ns, uint32_t max_turns, uint64_t slot);
  void spawn_due(PhaseControl& control, int64_t now_ns);

  std::function<int64_t()> clock_;
  int64_t users_count_;
  int64_t lifetime_gaps_;
  double stagger_ns_;
  double gap_ns_;
  int64_t ceiling_;  // 0 = none
  std::priority_queue<PlannedUser, std::vector<PlannedUser>, std::greater<>> users_;
  uint64_t seq_ = 0;
  bool held_ = false;  // the next spawn waits for a --concurrency slot
  ShardSlice shard_;   // sharded: the user slots this process runs
};

}  // namespace aiperf
