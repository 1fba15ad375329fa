#pragma once
// What the timing plane needs to know about one conversation of the dataset: how many turns
// it has and the think time before each later turn. The prompts stay with the workers.
#include <cstdint>
#include <vector>

namespace aiperf {

// A child conversation that a turn starts once its reply has finished (§5.2).
struct TurnLaunch {
  uint32_t child = 0;     // conversation index
  bool fork = false;      // continues the parent's history, on the parent's worker
  uint32_t join_at = kNoJoin;  // the parent turn that waits for this child's whole subtree
  static constexpr uint32_t kNoJoin = UINT32_MAX;
};

struct ConversationShape {
  std::vector<int64_t> delay_ns;  // before turns 2..N (index 0 = before the second turn)
  // Fixed schedule: per later turn, its trace time as ns from the phase start (-1: none, the
  // delay applies). Such a turn goes at that time, or at once if its previous reply came
  // later (cli-and-load.md §4.3). Empty: delays only.
  std::vector<int64_t> at_ns;

  // DAG / agentic conversations (workloads-and-endpoints.md §5.2); empty / false elsewhere.
  std::vector<std::vector<TurnLaunch>> launches;  // per turn (may be shorter than turns())
  std::vector<TurnLaunch> pre_session;  // started before turn 0; nobody waits for them
  bool is_child = false;                // started only by a parent, never sampled as a session
  int64_t first_delay_ns = 0;           // a child's think time between its launch and turn 0
  // Recorded agentic trajectories (weka_trace, tracelab): each turn's send time on the trace's
  // clock, ns (a tree's conversations share one clock); empty elsewhere. Agentic replay cuts
  // trajectories at an instant t* on it (trajectory_plan.h).
  std::vector<int64_t> trace_ns;

  uint32_t turns() const { return uint32_t(delay_ns.size() + 1); }
  bool in_tree() const { return is_child || !pre_session.empty() || !launches.empty(); }
};

}  // namespace aiperf
