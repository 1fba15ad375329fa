#pragma once
// The record-processor thread: drains every worker's RecordQueue and hands each record to
// a consumer (metrics, JSONL). It polls, so workers never pay for a wake-up.
#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "records/record_queue.h"

namespace aiperf {

class RecordCollector {
 public:
  using Consumer = std::function<void(const RawRecord&)>;

  RecordCollector(std::vector<RecordQueue*> queues, Consumer consumer);
  ~RecordCollector();

  void start();
  // Call after every producer has stopped and flushed: drains what is left, then joins.
  void finish();

  uint64_t processed() const { return processed_.load(std::memory_order_relaxed); }

 private:
  void run();
  size_t drain_once();

  std::vector<RecordQueue*> queues_;
  Consumer consumer_;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> processed_{0};
  std::thread thread_;
};

}  // namespace aiperf
