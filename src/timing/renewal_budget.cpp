#include "timing/renewal_budget.h"

#include "common/clock.h"

namespace aiperf {

bool RenewalBudget::take(Credit& out, bool renewable) {
  if (!open()) return false;
  const int64_t now = mono_ns();
  if (deadline_ns_ && now >= deadline_ns_) return false;
  uint64_t n = taken_.load(std::memory_order_relaxed);
  do {
    if (n >= max_credits_) return false;
  } while (!taken_.compare_exchange_weak(n, n + 1, std::memory_order_acq_rel));
  out = Credit{};
  out.session_num = shard_.global(n);
  out.id = shard_.sharded() ? shard_id_base_ + out.session_num : next_id_.fetch_add(1, std::memory_order_relaxed);
  out.dataset_index = sampler_.pick(out.id, dataset_size_);
  out.phase = phase_;
  out.issued_ns = now;
  out.renewal = renewable ? this : nullptr;
  out.cancel_after_ns = cancellation_.cancel_after_ns(out.session_num);
  return true;
}

bool RenewalBudget::renew(Credit& out) {
  int64_t r = retire_.load(std::memory_order_acquire);
  while (r > 0)
    if (retire_.compare_exchange_weak(r, r - 1, std::memory_order_acq_rel)) return false;
  return take(out, true);
}

}  // namespace aiperf
