#pragma once
// What one worker has done so far, for the live view (docs/ui.md): counters that only the
// worker's own thread writes, with plain relaxed stores (no locked read-modify-write), and any
// thread may read. Aligned to a cache line of its own, so no two workers ever share one.
#include <atomic>
#include <cstdint>

namespace aiperf {

struct alignas(64) WorkerActivity {
  std::atomic<uint64_t> sent{0};       // requests started (a stale keep-alive retry counts once)
  std::atomic<uint64_t> completed{0};  // requests finished, failed ones included
  std::atomic<uint64_t> failed{0};     // finished with an error, a cancellation or a non-2xx status
  std::atomic<uint64_t> bytes_written{0};  // request bytes of finished requests
  std::atomic<uint64_t> bytes_read{0};     // response bytes of finished requests

  // Single writer: a load and a store, never contended.
  static void add(std::atomic<uint64_t>& counter, uint64_t n = 1) {
    counter.store(counter.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  }
};

}  // namespace aiperf
