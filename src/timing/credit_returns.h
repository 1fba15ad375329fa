#pragma once
// The path from workers back to the credit issuer: one lock-free SPSC ring per worker plus
// one eventfd that wakes the issuer. Workers share no lock; a wake-up is written only when
// the issuer is not already due to look (so bursts cost one syscall, not one each).
// Two kinds of message travel on it: a finished credit, and (--prefill-concurrency) the
// news that a request's first streamed event arrived, which frees its prefill slot early.
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/lockfree/spsc_queue.hpp>

#include "timing/credit.h"

namespace aiperf {

enum class ReturnKind : uint8_t {
  finished,     // the request is over; the credit is back
  first_token,  // the request's first streamed event arrived; the credit is still out
};

struct ReturnMessage {
  Credit credit;
  ReturnKind kind = ReturnKind::finished;
};

class CreditReturns {
 public:
  // `capacity` should be at least the most credits one worker can hold at once; an open loop
  // without a ceiling has no such bound, so a full ring spills into a locked overflow list.
  CreditReturns(size_t workers, size_t capacity);
  ~CreditReturns();
  CreditReturns(const CreditReturns&) = delete;
  CreditReturns& operator=(const CreditReturns&) = delete;

  // Worker `worker`'s thread only. `push` queues without waking the issuer; `notify` wakes
  // it for everything pushed so far (a worker pushes a batch, then notifies once). A
  // credit's first_token message is pushed before its finished one; after a spill the two
  // may be drained in either order, but the first_token one never by a later drain call.
  void push(size_t worker, const Credit& credit, ReturnKind kind = ReturnKind::finished);
  void notify();
  // Any thread, async-signal-safe: wakes the issuer without a credit (e.g. Ctrl-C).
  void wake();

  // Issuer thread only.
  int wake_fd() const { return wake_fd_; }
  void clear_wake();  // call before draining
  // Calls finished(worker_index, credit) for every returned credit and
  // first_token(worker_index, credit) for every first-token message, in each worker's order.
  template <class F, class G>
  size_t drain(F&& finished, G&& first_token) {
    auto dispatch = [&](size_t w, const ReturnMessage& m) {
      if (m.kind == ReturnKind::finished) finished(w, m.credit);
      else first_token(w, m.credit);
    };
    size_t n = 0;
    for (size_t w = 0; w < rings_.size(); ++w)
      n += rings_[w]->consume_all([&](const ReturnMessage& m) { dispatch(w, m); });
    if (spilled_.load(std::memory_order_acquire)) n += drain_overflow(dispatch);
    return n;
  }

 private:
  template <class F>
  size_t drain_overflow(F& f) {
    size_t n = 0;
    for (size_t w = 0; w < overflow_.size(); ++w) {
      std::vector<ReturnMessage> taken;
      {
        std::lock_guard lock(overflow_[w].mu);
        taken.swap(overflow_[w].credits);
      }
      for (const ReturnMessage& m : taken) f(w, m);
      n += taken.size();
    }
    spilled_.store(false, std::memory_order_release);
    // A spill racing with the reset above is found on the next drain after its notify.
    for (auto& o : overflow_) {
      std::lock_guard lock(o.mu);
      if (!o.credits.empty()) spilled_.store(true, std::memory_order_release);
    }
    return n;
  }

  struct Overflow {
    std::mutex mu;
    std::vector<ReturnMessage> credits;
  };
  std::vector<std::unique_ptr<boost::lockfree::spsc_queue<ReturnMessage>>> rings_;
  std::vector<Overflow> overflow_;
  std::atomic<bool> spilled_{false};
  std::atomic<bool> wake_pending_{false};
  int wake_fd_ = -1;
};

}  // namespace aiperf
