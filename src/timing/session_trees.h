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

class SessionTrees {
 public:
  explicit SessionTrees(const std::vector<ConversationShape>& shapes) : shapes_(shapes) {}

  // A session's first credit has just been issued to `worker` (a root: first.agent_depth 0;
  // a child: from its start continuation, whose join_at is passed on). Its pre-session
  // spawns are queued now.
  void session_started(const Credit& first, size_t worker, uint32_t join_at, int64_t now_ns,
                       ContinuationQueue& queue);

  struct Returned {
    std::optional<Continuation> next;  // the session's next turn, due after its think time
    int trees_drained = 0;             // root trees that finished with this return (0 or 1)
  };
  // A turn came back (credit.done_ns set): its children are queued, and its session's next
  // turn is returned, or held here until its joins are in (then queued by a later return).
  Returned turn_returned(const Credit& credit, size_t worker, ContinuationQueue& queue);

  size_t running() const { return sessions_.size(); }

 private:
  struct Session {
    uint64_t parent = 0;
    bool root = true;
    uint32_t join_at = TurnLaunch::kNoJoin;  // the parent turn waiting for this subtree
    uint32_t depth = 0;
    size_t worker = 0;
    uint32_t open = 1;  // itself until its final turn is back, plus each child subtree still running
    std::vector<uint32_t> pending_joins;  // per turn: joined children not finished yet
    std::optional<Continuation> parked;   // next turn waiting for its joins; due_ns = think time
  };

  void launch(uint64_t parent_id, Session& parent, const TurnLaunch& l, int64_t at_ns, ContinuationQueue& queue);
  int finish(uint64_t session_id, int64_t now_ns, ContinuationQueue& queue);

  const std::vector<ConversationShape>& shapes_;
  std::unordered_map<uint64_t, Session> sessions_;
};

// AIPERF_DAG_FAIL_FAST: "1"/"true" aborts the run on the first failed child request;
// unset, "0" or "false": a failed child counts as finished. Anything else: ConfigError-like
// std::invalid_argument naming the variable.
bool dag_fail_fast_from_env();

}  // namespace aiperf
