#include "timing/session_trees.h"
#include "config/env_settings.h"

#include <algorithm>
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
  s.trajectory = first.trajectory;
  s.recycle_pass = first.recycle_pass;
  s.root_conversation = first.root_conversation;
  s.pending_joins.assign(shape.turns(), 0);
  if (!s.root) {  // a subagent runs the way its tree does (agentic replay's warm-up flags)
    auto parent = sessions_.find(s.parent);
    if (parent != sessions_.end()) {
      s.max_tokens_cap = parent->second.max_tokens_cap;
      s.no_delays = parent->second.no_delays;
      s.launches = parent->second.launches;
      s.delays_from_send = parent->second.delays_from_send;
    }
  }
  for (const TurnLaunch& l : shape.pre_session) launch(first.session_id, s, l, now_ns, queue);
}

uint64_t SessionTrees::start_tree(const TreeStart& start, ContinuationQueue& queue) {
  const uint64_t id = kTreeIdBit | tree_ids_++;
  const ConversationShape& shape = shapes_[start.conversation];
  Session& s = sessions_[id];
  s.root = true;
  s.worker = Continuation::kAnyWorker;
  s.trajectory = start.trajectory;
  s.recycle_pass = start.recycle_pass;
  s.root_conversation = start.root_conversation;
  s.max_tokens_cap = start.max_tokens_cap;
  s.no_delays = start.no_delays;
  s.launches = start.launches;
  s.delays_from_send = start.delays_from_send;
  s.pending_joins.assign(shape.turns(), 0);
  for (const TreeStart::Child& c : start.live_children) {
    TurnLaunch l{c.conversation, false, c.join_at};
    launch(id, s, l, c.due_ns - shapes_[c.conversation].first_delay_ns, queue, c.first_turn);
  }
  Continuation first;
  first.session_id = id;
  first.conversation = start.conversation;
  first.turn_index = start.first_turn;
  first.session_turns = start.end_turn;
  first.worker = Continuation::kAnyWorker;
  first.trajectory = start.trajectory;
  first.recycle_pass = start.recycle_pass;
  first.root_conversation = start.root_conversation;
  first.max_tokens_cap = start.max_tokens_cap;
  if (start.first_turn < s.pending_joins.size() && s.pending_joins[start.first_turn] > 0) {
    first.due_ns = 0;
    s.parked = first;
    s.parked_not_before = start.due_ns;
  } else {
    first.due_ns = start.due_ns;
    queue.schedule(first);
  }
  return id;
}

void SessionTrees::launch(uint64_t parent_id, Session& parent, const TurnLaunch& l, int64_t at_ns,
                          ContinuationQueue& queue, uint32_t first_turn) {
  ++parent.open;
  if (l.join_at != TurnLaunch::kNoJoin && l.join_at < parent.pending_joins.size()) ++parent.pending_joins[l.join_at];
  const ConversationShape& child = shapes_[l.child];
  Continuation c;
  c.due_ns = at_ns + child.first_delay_ns;
  c.conversation = l.child;
  c.turn_index = first_turn;
  c.session_start = true;
  c.session_turns = child.turns();
  c.max_tokens_cap = parent.max_tokens_cap;
  if (parent.no_delays) c.due_ns = at_ns;
  c.worker = l.fork ? parent.worker : Continuation::kAnyWorker;
  c.parent_session_id = parent_id;
  c.agent_depth = parent.depth + 1;
  c.forked = l.fork;
  c.join_at = l.join_at;
  c.trajectory = parent.trajectory;
  c.recycle_pass = parent.recycle_pass;
  c.root_conversation = parent.root_conversation;
  queue.schedule(c);
}

SessionTrees::Returned SessionTrees::turn_returned(const Credit& credit, size_t worker, ContinuationQueue& queue) {
  Returned out;
  auto it = sessions_.find(credit.session_id);
  if (it == sessions_.end()) return out;
  Session& s = it->second;
  const ConversationShape& shape = shapes_[credit.dataset_index];
  if (s.worker == Continuation::kAnyWorker) s.worker = worker;  // an agentic root's first turn picked it
  if (s.launches && credit.turn_index < shape.launches.size())
    for (const TurnLaunch& l : shape.launches[credit.turn_index]) {
      int64_t at = credit.done_ns;
      // Agentic replay: a subagent starts at its recorded offset after the launching turn's send
      // (or when that reply ends, if later), like a later turn of its parent.
      const std::vector<int64_t>& child_ns = shapes_[l.child].trace_ns;
      if (s.delays_from_send && !s.no_delays && !child_ns.empty() && credit.turn_index < shape.trace_ns.size()) {
        const int64_t sent = credit.scheduled_ns > 0 ? credit.scheduled_ns : credit.issued_ns;
        at = std::max(at, sent + std::max<int64_t>(0, child_ns.front() - shape.trace_ns[credit.turn_index]));
      }
      launch(credit.session_id, s, l, at, queue);
    }
  if (credit.turn_index + 1 >= credit.session_turns) {
    if (const uint64_t drained = finish(credit.session_id, credit.done_ns, queue)) {
      out.trees_drained = 1;
      out.drained_trajectory = drained - 1;
    }
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
  next.trajectory = credit.trajectory;
  next.recycle_pass = credit.recycle_pass;
  next.root_conversation = credit.root_conversation;
  next.max_tokens_cap = s.max_tokens_cap;
  const int64_t delay = s.no_delays ? 0 : shape.delay_ns[credit.turn_index];
  // Agentic replay: the recorded gap runs from this turn's send, or the reply if it came later.
  const int64_t sent = credit.scheduled_ns > 0 ? credit.scheduled_ns : credit.issued_ns;
  if (s.pending_joins[next.turn_index] > 0) {
    if (s.delays_from_send) {  // at the recorded time, or when the last joined subtree is done
      next.due_ns = 0;
      s.parked_not_before = sent + delay;
    } else {
      next.due_ns = delay;  // the think time runs once the joins are in
    }
    s.parked = next;
  } else if (s.delays_from_send) {
    next.due_ns = std::max(credit.done_ns, sent + delay);
    out.next = next;
  } else {
    next.due_ns = credit.done_ns + delay;
    out.next = next;
  }
  return out;
}

// One part of `session_id`'s subtree is done (its own final turn, or a child's subtree).
// Walks up while subtrees complete; returns 1 when a root's whole tree has drained.
uint64_t SessionTrees::finish(uint64_t session_id, int64_t now_ns, ContinuationQueue& queue) {
  for (;;) {
    auto it = sessions_.find(session_id);
    if (it == sessions_.end()) return 0;
    if (--it->second.open > 0) return 0;
    const Session done = std::move(it->second);
    sessions_.erase(it);
    if (done.root) return done.trajectory + 1;
    auto parent = sessions_.find(done.parent);
    if (parent == sessions_.end()) return 0;
    Session& p = parent->second;
    if (done.join_at != TurnLaunch::kNoJoin && done.join_at < p.pending_joins.size() &&
        --p.pending_joins[done.join_at] == 0 && p.parked && p.parked->turn_index == done.join_at) {
      Continuation next = *p.parked;
      p.parked.reset();
      next.due_ns = std::max(next.due_ns + now_ns, p.parked_not_before);
      p.parked_not_before = 0;
      queue.schedule(next);
    }
    session_id = done.parent;
  }
}

bool dag_fail_fast_from_env() {
  return env_settings().dag_fail_fast;
}

}  // namespace aiperf
