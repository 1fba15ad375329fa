#pragma once
// Running DAG / agentic session trees (workloads-and-endpoints.md §5.2), issuer thread only.
// A root session starts its children as its turns finish: FORK children continue its history
// on its worker, SPAWN children start fresh on any worker. A turn with joins waits until every
// child joined to it has finished its whole subtree, then its own think time. A tree has
// drained when the root and every descendant have sent their final turn and got it back;
// only then does the root give back its session slot (children take none).
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "timing/continuation_queue.h"
#include "timing/conversation_shape.h"
#include "timing/credit.h"

namespace aiperf {

// Agentic replay (§5.4): one trajectory tree started from a recorded turn, with the subagents
// live at that instant (trajectory_plan.h). Every credit of the tree carries the lane's identity.
struct TreeStart {
  uint32_t conversation = 0;
  uint32_t first_turn = 0;
  uint32_t end_turn = 0;           // one past the last turn sent (a priming turn: first_turn + 1)
  int64_t due_ns = 0;              // its first turn's send time (monotonic)
  struct Child {
    uint32_t conversation = 0;
    uint32_t first_turn = 0;
    int64_t due_ns = 0;
    uint32_t join_at = TurnLaunch::kNoJoin;
  };
  std::vector<Child> live_children;
  uint64_t trajectory = 0;
  uint32_t recycle_pass = 0;
  uint32_t root_conversation = 0;  // the trajectory's root (a subagent's priming turn: its tree's)
  uint32_t max_tokens_cap = 0;     // warm-up: priming and cache-pressure turns
  bool no_delays = false;          // cache pressure: recorded gaps collapsed
  bool launches = true;            // false: a priming turn starts no subagents
  bool delays_from_send = false;   // a later turn's delay runs from its previous turn's send
};

class SessionTrees {
 public:
  // `tree_ids` numbers agentic tree roots run-wide (their ids must not repeat across phases:
  // a session's correlation id and worker state are keyed on it).
  SessionTrees(const std::vector<ConversationShape>& shapes, uint64_t& tree_ids) : shapes_(shapes), tree_ids_(tree_ids) {}

  // A session's first credit has just been issued to `worker` (a root: first.agent_depth 0;
  // a child: from its start continuation, whose join_at is passed on). Its pre-session
  // spawns are queued now.
  void session_started(const Credit& first, size_t worker, uint32_t join_at, int64_t now_ns,
                       ContinuationQueue& queue);

  struct Returned {
    std::optional<Continuation> next;  // the session's next turn, due after its think time
    int trees_drained = 0;             // root trees that finished with this return (0 or 1)
    uint64_t drained_trajectory = 0;   // its Credit::trajectory
  };
  // A turn came back (credit.done_ns set): its children are queued, and its session's next
  // turn is returned, or held here until its joins are in (then queued by a later return).
  Returned turn_returned(const Credit& credit, size_t worker, ContinuationQueue& queue);

  size_t running() const { return sessions_.size(); }

  // Registers a tree root without a credit and queues its first turn (parked until the live
  // children it waits for have finished) and the live children; returns the root's session id.
  uint64_t start_tree(const TreeStart& start, ContinuationQueue& queue);

 private:
  struct Session {
    uint64_t parent = 0;
    bool root = true;
    uint32_t join_at = TurnLaunch::kNoJoin;  // the parent turn waiting for this subtree
    uint32_t depth = 0;
    size_t worker = 0;
    uint64_t trajectory = 0;  // copied onto every credit of its subtree (Credit::trajectory)
    uint32_t recycle_pass = 0;
    uint32_t root_conversation = 0;
    uint32_t open = 1;  // itself until its final turn is back, plus each child subtree still running
    std::vector<uint32_t> pending_joins;  // per turn: joined children not finished yet
    std::optional<Continuation> parked;   // next turn waiting for its joins; due_ns = think time
    int64_t parked_not_before = 0;        // an agentic tree's first turn: not before its lead time
    uint32_t max_tokens_cap = 0;          // TreeStart's flags, passed on to the whole subtree
    bool no_delays = false;
    bool launches = true;
    bool delays_from_send = false;
  };

  void launch(uint64_t parent_id, Session& parent, const TurnLaunch& l, int64_t at_ns, ContinuationQueue& queue,
              uint32_t first_turn = 0);
  // Returns the drained root's trajectory + 1 when a root's whole tree has drained, else 0.
  uint64_t finish(uint64_t session_id, int64_t now_ns, ContinuationQueue& queue);
  static constexpr uint64_t kTreeIdBit = uint64_t(1) << 62;

  const std::vector<ConversationShape>& shapes_;
  uint64_t& tree_ids_;  // agentic tree roots: ids apart from credit ids (kTreeIdBit)
  std::unordered_map<uint64_t, Session> sessions_;
};

// AIPERF_DAG_FAIL_FAST: "1"/"true" aborts the run on the first failed child request;
// unset, "0" or "false": a failed child counts as finished. Anything else: ConfigError-like
// std::invalid_argument naming the variable.
bool dag_fail_fast_from_env();

}  // namespace aiperf
