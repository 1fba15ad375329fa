#include "timing/session_trees.h"
#include "config/env_settings.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace aiperf {

void SessionTrees::session_started(const Credit& first, size_t worker, uint32_t join_at, int64_t now_ns,
                                   ContinuationQueue& queue) {
  const ConversationShape& shape = shapes_[first.dataset_index];
  Session& s = sessions_[first.session_id];
  s.root = first.agent_depth == 0;
  s.parent = first.parent_session_id;
  s.join_at = join_at;
  s.depth = first.agent_depth;
  s.worker = worker;
  s.pending_joins.assign(shape.turns(), 0);
  for (const TurnLaunch& l : shape.pre_session) launch(first.session_id, s, l, now_ns, queue);
}

void SessionTrees::launch(uint64_t parent_id, Session& parent, const TurnLaunch& l, int64_t at_ns,
                          ContinuationQueue& queue) {
  ++parent.open;
  if (l.join_at != TurnLaunch::kNoJoin && l.join_at < parent.pending_joins.size()) ++parent.pending_joins[l.join_at];
  const ConversationShape& child = shapes_[l.child];
  Continuation c;
  c.due_ns = at_ns + child.first_delay_ns;
  c.conversation = l.child;
  c.turn_index = 0;
  c.session_turns = child.turns();
  c.worker = l.fork ? parent.worker : Continuation::kAnyWorker;
  c.parent_session_id = parent_id;
  c.agent_depth = parent.depth + 1;
  c.forked = l.fork;
  c.join_at = l.join_at;
  queue.schedule(c);
}

SessionTrees::Returned SessionTrees::turn_returned(const Credit& credit, size_t worker, ContinuationQueue& queue) {
  Returned out;
  auto it = sessions_.find(credit.session_id);
  if (it == sessions_.end()) return out;
  Session& s = it->second;
  const ConversationShape& shape = shapes_[credit.dataset_index];
  if (credit.turn_index < shape.launches.size())
    for (const TurnLaunch& l : shape.launches[credit.turn_index]) launch(credit.session_id, s, l, credit.done_ns, queue);
  if (credit.turn_index + 1 >= credit.session_turns) {
    out.trees_drained = finish(credit.session_id, credit.done_ns, queue);
    return out;
  }
  Continuation next;
  next.session_id = credit.session_id;
  next.conversation = credit.dataset_index;
  next.turn_index = credit.turn_index + 1;
  next.session_turns = credit.session_turns;
  next.worker = worker;
  next.parent_session_id = credit.parent_session_id;
  next.agent_depth = credit.agent_depth;
  if (s.pending_joins[next.turn_index] > 0) {
    next.due_ns = shape.delay_ns[credit.turn_index];  // the think time runs once the joins are in
    s.parked = next;
  } else {
    next.due_ns = credit.done_ns + shape.delay_ns[credit.turn_index];
    out.next = next;
  }
  return out;
}

// One part of `session_id`'s subtree is done (its own final turn, or a child's subtree).
// Walks up while subtrees complete; returns 1 when a root's whole tree has drained.
int SessionTrees::finish(uint64_t session_id, int64_t now_ns, ContinuationQueue& queue) {
  for (;;) {
    auto it = sessions_.find(session_id);
    if (it == sessions_.end()) return 0;
    if (--it->second.open > 0) return 0;
    const Session done = std::move(it->second);
    sessions_.erase(it);
    if (done.root) return 1;
    auto parent = sessions_.find(done.parent);
    if (parent == sessions_.end()) return 0;
    Session& p = parent->second;
    if (done.join_at != TurnLaunch::kNoJoin && done.join_at < p.pending_joins.size() &&
        --p.pending_joins[done.join_at] == 0 && p.parked && p.parked->turn_index == done.join_at) {
      Continuation next = *p.parked;
      p.parked.reset();
      next.due_ns += now_ns;
      queue.schedule(next);
    }
    session_id = done.parent;
  }
}

bool dag_fail_fast_from_env() {
  return env_settings().dag_fail_fast;
}

}  // namespace aiperf
