#pragma once
// The path from workers back to the credit issuer: one lock-free SPSC ring per worker plus
// one eventfd that wakes the issuer. Workers share no lock; a wake-up is written only when
// the issuer is not already due to look (so bursts cost one syscall, not one each).
#include <atomic>
#include <memory>
#include <vector>

#include <boost/lockfree/spsc_queue.hpp>

#include "timing/credit.h"

namespace aiperf {

class CreditReturns {
 public:
  // `capacity` must be at least the most credits one worker can hold at once.
  CreditReturns(size_t workers, size_t capacity);
  ~CreditReturns();
  CreditReturns(const CreditReturns&) = delete;
  CreditReturns& operator=(const CreditReturns&) = delete;

  // Worker `worker`'s thread only. `push` queues without waking the issuer; `notify` wakes
  // it for everything pushed so far (a worker pushes a batch, then notifies once).
  void push(size_t worker, const Credit& credit);
  void notify();
  // Any thread, async-signal-safe: wakes the issuer without a credit (e.g. Ctrl-C).
  void wake();

  // Issuer thread only.
  int wake_fd() const { return wake_fd_; }
  void clear_wake();  // call before draining
  // Calls f(worker_index, credit) for every returned credit.
  template <class F>
  size_t drain(F&& f) {
    size_t n = 0;
    for (size_t w = 0; w < rings_.size(); ++w)
      n += rings_[w]->consume_all([&](const Credit& c) { f(w, c); });
    return n;
  }

 private:
  std::vector<std::unique_ptr<boost::lockfree::spsc_queue<Credit>>> rings_;
  std::atomic<bool> wake_pending_{false};
  int wake_fd_ = -1;
};

}  // namespace aiperf
