#include "timing/credit_returns.h"

#include <stdexcept>
#include <sys/eventfd.h>
#include <unistd.h>

namespace aiperf {

CreditReturns::CreditReturns(size_t workers, size_t capacity) : overflow_(workers) {
  for (size_t i = 0; i < workers; ++i)
    rings_.push_back(std::make_unique<boost::lockfree::spsc_queue<ReturnMessage>>(capacity));
  wake_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wake_fd_ < 0) throw std::runtime_error("eventfd failed");
}

CreditReturns::~CreditReturns() {
  if (wake_fd_ >= 0) close(wake_fd_);
}

void CreditReturns::push(size_t worker, const Credit& credit, ReturnKind kind) {
  const ReturnMessage message{credit, kind};
  if (rings_[worker]->push(message)) return;
  std::lock_guard lock(overflow_[worker].mu);
  overflow_[worker].credits.push_back(message);
  spilled_.store(true, std::memory_order_release);
}

void CreditReturns::notify() {
  if (!wake_pending_.exchange(true, std::memory_order_acq_rel)) wake();
}

void CreditReturns::wake() {
  uint64_t one = 1;
  [[maybe_unused]] ssize_t n = write(wake_fd_, &one, sizeof one);
}

void CreditReturns::clear_wake() {
  uint64_t value;
  [[maybe_unused]] ssize_t n = read(wake_fd_, &value, sizeof value);
  wake_pending_.store(false, std::memory_order_release);
}

}  // namespace aiperf
