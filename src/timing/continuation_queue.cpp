#include "timing/continuation_queue.h"

namespace aiperf {

void ContinuationQueue::schedule(const Continuation& c) { waiting_.push(Waiting{c, seq_++}); }

size_t ContinuationQueue::release_due(int64_t now_ns) {
  size_t n = 0;
  while (!waiting_.empty() && waiting_.top().c.due_ns <= now_ns) {
    ready_.push_back(waiting_.top().c);
    waiting_.pop();
    ++n;
  }
  return n;
}

Continuation ContinuationQueue::pop_ready() {
  Continuation c = ready_.front();
  ready_.pop_front();
  return c;
}

void ContinuationQueue::shift_waiting(int64_t by_ns) {
  std::vector<Waiting> all;
  all.reserve(waiting_.size());
  for (; !waiting_.empty(); waiting_.pop()) all.push_back(waiting_.top());
  for (Waiting& w : all) {
    w.c.due_ns -= by_ns;
    waiting_.push(w);
  }
}

void ContinuationQueue::clear() {
  waiting_ = {};
  ready_.clear();
}

}  // namespace aiperf
