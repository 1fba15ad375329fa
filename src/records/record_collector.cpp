#include "records/record_collector.h"

#include <chrono>

namespace aiperf {

RecordCollector::RecordCollector(std::vector<RecordQueue*> queues, Consumer consumer)
    : queues_(std::move(queues)), consumer_(std::move(consumer)) {}

RecordCollector::~RecordCollector() {
  if (thread_.joinable()) finish();
}

void RecordCollector::start() { thread_ = std::thread([this] { run(); }); }

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
  while (!stopping_.load(std::memory_order_acquire)) {
    // Records are analysed off the hot path. Sleeping when idle (instead of being woken per
    // record) keeps this thread from taking CPU from the workers; records wait at most this
    // long, and the ring holds far more than arrive meanwhile.
    if (drain_once() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace aiperf
