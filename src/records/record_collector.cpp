#include "records/record_collector.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

namespace aiperf {

RecordCollector::RecordCollector(std::vector<RecordQueue*> queues, Consumer consumer)
    : queues_(std::move(queues)), consumer_(std::move(consumer)) {}

RecordCollector::~RecordCollector() {
  if (thread_.joinable()) finish();
}

void RecordCollector::start() {
  thread_ = std::thread([this] {
    // Analysis yields to the workers when they compete for a core: a record waits a little
    // longer in its ring, a response is never read late. (Linux: nice applies per thread.)
    setpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid)), 10);
    run();
  });
}

void RecordCollector::finish() {
  stopping_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
  while (drain_once() > 0) {
  }
}

size_t RecordCollector::drain_once() {
  size_t n = 0;
  for (RecordQueue* q : queues_) n += q->drain(consumer_);
  processed_.fetch_add(n, std::memory_order_relaxed);
  return n;
}

void RecordCollector::run() {
  // Records are analysed off the hot path. Sleeping when idle (instead of being woken per
  // record) keeps this thread from taking CPU from the workers. The nap doubles while nothing
  // arrives, so a run waiting on a slow server costs ~20 wake-ups a second, not 500; a record
  // then waits at most 50 ms, while the 64k ring (plus overflow) holds far more than arrive.
  constexpr auto kShortest = std::chrono::milliseconds(2);
  constexpr auto kLongest = std::chrono::milliseconds(50);
  auto nap = kShortest;
  while (!stopping_.load(std::memory_order_acquire)) {
    if (drain_once() > 0) {
      nap = kShortest;
      continue;
    }
    std::this_thread::sleep_for(nap);
    nap = std::min(nap * 2, std::chrono::duration_cast<decltype(nap)>(kLongest));
  }
}

}  // namespace aiperf
