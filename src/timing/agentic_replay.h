#pragma once
// Agentic replay (workloads-and-endpoints.md §5.4): --concurrency N lanes, each replaying one
// recorded trajectory tree (a root and its subagents) at a time. An initial lane starts its
// trace at an instant t* drawn from [--trajectory-start-min-ratio, --trajectory-start-max-ratio]
// of the trace; the warm-up first sends, once, the last turn before t* of every chain live at
// t* (output capped), so the server holds each history before it is measured; optionally it
// then keeps the lanes busy with no delays and capped outputs (cache pressure). Profiling
// replays the turns from t* (or from where the pressure left each lane) with the recorded
// delays; a lane whose tree has drained moves on to the next trace from its first turn, with a
// new recycle pass (a new --cache-bust marker). With --session-arrival-rate, trajectories
// arrive open loop instead, --concurrency then being an admission ceiling.
// The state shared by the phases lives in AgenticReplay (owned by the run); the strategy is
// issuer-thread only. The choices are written down in docs/agentic.md.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "config/agentic_settings.h"
#include "timing/arrival_schedule.h"
#include "timing/conversation_shape.h"
#include "timing/load_strategy.h"
#include "timing/trajectory_plan.h"

namespace aiperf {

enum class AgenticStage { prime, replay };  // the warm-up's priming (+ pressure), profiling

struct AgenticReplay {
  AgenticSettings settings;
  std::optional<uint64_t> seed;  // t* draws and session arrivals
  int64_t lanes = 1;
  std::vector<ConversationShape> shapes;  // the dataset's conversations (set before the run)
  std::vector<uint32_t> roots;            // trajectories: conversations that are not children

  struct Lane {
    uint32_t root = 0;          // conversation on the lane
    uint32_t pass = 0;          // recycle pass of its trajectory
    // Cache pressure (§5.4): whether the lane's first trajectory was still running when the
    // pressure stopped, and its root turns sent by then (profiling resumes it there).
    bool pressured = false;
    bool in_first = false;
    uint32_t frontier = 0;
    int64_t last_sent_ns = 0;   // when the pressure sent the frontier's previous root turn
  };
  std::vector<Lane> lane;       // filled when the first phase starts
  uint64_t cursor = 0;          // trajectories drawn so far: the next one is roots[cursor % size]
  // The pressure stage recycles lanes onto other traces without using up the profiling's
  // draws, under recycle passes of their own (so their --cache-bust markers are new).
  uint64_t pressure_cursor = 0;
  uint32_t pressure_passes = 0;
  static constexpr uint32_t kPressurePass = 1u << 31;

  uint32_t next_root() { return roots[cursor++ % roots.size()]; }
  // The initial lanes' t* fraction in [min, max], a pure function of (seed, lane).
  double start_fraction(size_t lane_index) const;
};

class AgenticReplayStrategy : public LoadStrategy {
 public:
  AgenticReplayStrategy(const PhaseSpec& spec, AgenticStage stage);

  void start(PhaseControl& control) override;
  void credit_returned(PhaseControl& control) override;
  int64_t next_deadline_ns() const override;
  void deadline_reached(PhaseControl& control, int64_t now_ns) override;
  ArrivalCounts arrival_counts() const override { return counts_; }
  void continuations_ready(PhaseControl& control) override {
    while (control.issue_continuation(PhaseControl::kAtDue)) {
    }
  }
  void root_turn_sent(const Credit& credit) override;

 private:
  TreeStart tree(const TrajectoryCut& cut, size_t lane, int64_t base_ns, bool pressure) const;
  void start_pressure(PhaseControl& control, int64_t now_ns);
  void start_fresh(PhaseControl& control, size_t lane, int64_t due_ns);
  void cap_idle_gap(PhaseControl& control, int64_t now_ns);

  AgenticReplay& run_;
  const AgenticStage stage_;
  const int64_t concurrency_;
  const double grace_s_;          // the warm-up's wait for its last replies (spec.grace_s)
  bool priming_ = false;          // prime stage: waiting for the priming turns to return
  int64_t pressure_end_ns_ = 0;   // cache pressure running until then
  std::optional<ArrivalGaps> arrivals_;
  int64_t next_arrival_ns_ = 0;
  ArrivalCounts counts_;
};

}  // namespace aiperf
