#pragma once
// Closed loop replaces each finished request at once. Rather than a round trip through the
// issuer's thread for every replacement, the issuer lets workers renew a returned credit on
// their own thread, under limits it sets and can withdraw at any moment. Every credit of a
// phase — issued by the issuer or renewed by a worker — is taken from the same budget, so
// the request count, the duration and cancellation hold exactly as if the issuer had
// issued each one. Lock-free; shared by the issuer and all workers.
#include <atomic>
#include <cstdint>
#include <limits>

#include "timing/cancellation_draw.h"
#include "timing/conversation_sampler.h"
#include "timing/credit.h"
#include "timing/shard_slice.h"

namespace aiperf {

class RenewalBudget {
 public:
  // `max_credits`: the phase's request count (UINT64_MAX = none); `deadline_ns`: monotonic
  // end of sending (0 = none); `next_id`: the run-wide credit id counter; `cancellation`:
  // which credits carry a cancel delay (drawn here, where every credit is numbered).
  // Sharded (`shard`): credit n is the single process's credit shard.global(n), numbered
  // from `shard_id_base` (the whole run's credits before this phase), not from `next_id`.
  RenewalBudget(BenchmarkPhase phase, uint64_t max_credits, int64_t deadline_ns, uint32_t dataset_size,
                std::atomic<uint64_t>& next_id, CancellationDraw cancellation = {}, ShardSlice shard = {},
                uint64_t shard_id_base = 0, ConversationSampler sampler = {})
      : phase_(phase), max_credits_(max_credits), deadline_ns_(deadline_ns),
        dataset_size_(dataset_size == 0 ? 1 : dataset_size), next_id_(next_id),
        cancellation_(cancellation), shard_(shard), shard_id_base_(shard_id_base), sampler_(sampler) {}

  // Any thread: takes one credit, or returns false once the phase may not send any more.
  bool take(Credit& out, bool renewable);
  // A worker replacing a finished renewable credit: take(out, true), unless a lowered limit
  // asked for this credit back (retire); false then too, and the credit returns to the issuer.
  bool renew(Credit& out);

  // Issuer: the next `n` renewals are refused, so that n credits come back (a closed loop's
  // limit went down, §5.7). Replaces any count not yet used up.
  void retire(int64_t n) { retire_.store(n > 0 ? n : 0, std::memory_order_release); }

  // Issuer: no credit is granted after this returns.
  void close() { open_.store(false, std::memory_order_release); }
  bool open() const { return open_.load(std::memory_order_acquire); }

  uint64_t taken() const { return taken_.load(std::memory_order_acquire); }
  bool exhausted() const { return taken() >= max_credits_; }

 private:
  const BenchmarkPhase phase_;
  const uint64_t max_credits_;
  const int64_t deadline_ns_;
  const uint32_t dataset_size_;
  std::atomic<uint64_t>& next_id_;
  const CancellationDraw cancellation_;
  const ShardSlice shard_;
  const uint64_t shard_id_base_;
  const ConversationSampler sampler_;  // the dataset index of credit n (single-turn work)
  std::atomic<bool> open_{true};
  std::atomic<uint64_t> taken_{0};
  std::atomic<int64_t> retire_{0};
};

}  // namespace aiperf
