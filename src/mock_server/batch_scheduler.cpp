#include "mock_server/batch_scheduler.h"

#include <algorithm>

namespace aiperf::mock {

BatchScheduler::BatchScheduler(int64_t max_num_seqs, int64_t kv_cache_tokens)
    : max_num_seqs_(max_num_seqs), kv_cache_tokens_(kv_cache_tokens) {}

bool BatchScheduler::arrive(Ticket& t, int64_t now_ns) {
  std::lock_guard lock(mu_);
  t.arrived_ns = now_ns;
  t.admitted.store(false, std::memory_order_relaxed);
  t.state = Ticket::State::queued;
  t.prev = tail_;
  t.next = nullptr;
  (tail_ ? tail_->next : head_) = &t;
  tail_ = &t;
  ++waiting_seqs_;
  admit_waiting(now_ns, &t);
  publish();
  return t.state == Ticket::State::running;
}

void BatchScheduler::leave(Ticket& t, int64_t at_ns) {
  std::lock_guard lock(mu_);
  if (t.state == Ticket::State::idle) return;
  if (t.state == Ticket::State::queued) {
    unlink(t);
    --waiting_seqs_;
  } else {
    --running_seqs_;
    running_tokens_ -= t.kv_tokens;
    running_.store(running_seqs_, std::memory_order_relaxed);
  }
  t.state = Ticket::State::idle;
  t.admitted.store(false, std::memory_order_relaxed);
  admit_waiting(at_ns, nullptr);
  publish();
}

void BatchScheduler::close() {
  std::lock_guard lock(mu_);
  closed_ = true;
}

// FIFO: only the head can pass, so a head that does not fit blocks the rest.
void BatchScheduler::admit_waiting(int64_t at_ns, const Ticket* arriving) {
  while (head_ && running_seqs_ < max_num_seqs_ && head_->kv_tokens <= kv_cache_tokens_ - running_tokens_) {
    Ticket& t = *head_;
    unlink(t);
    --waiting_seqs_;
    t.state = Ticket::State::running;
    t.admitted_ns = std::max(t.arrived_ns, at_ns);
    ++running_seqs_;
    running_tokens_ += t.kv_tokens;
    running_.store(running_seqs_, std::memory_order_relaxed);
    t.admitted.store(true, std::memory_order_release);
    // The arriving ticket learns it from arrive()'s result, not from a wake-up.
    if (!closed_ && t.wake && &t != arriving) t.wake(t.wake_context);
  }
}

void BatchScheduler::publish() {
  running_.store(running_seqs_, std::memory_order_relaxed);
  waiting_.store(waiting_seqs_, std::memory_order_relaxed);
  running_tokens_published_.store(running_tokens_, std::memory_order_relaxed);
}

void BatchScheduler::unlink(Ticket& t) {
  (t.prev ? t.prev->next : head_) = t.next;
  (t.next ? t.next->prev : tail_) = t.prev;
  t.next = t.prev = nullptr;
}

}  // namespace aiperf::mock
