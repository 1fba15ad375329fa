#pragma once
// Hands finished RawRecords from one worker thread to the record-processor thread.
// Single producer, single consumer, lock-free. The producer never blocks and never drops:
// if the ring is full, records wait in a producer-local overflow list and go first next time.
#include <deque>
#include <memory>

#include <boost/lockfree/spsc_queue.hpp>

#include "records/raw_record.h"

namespace aiperf {

class RecordQueue {
 public:
  explicit RecordQueue(size_t capacity = 1 << 16) : ring_(capacity) {}
  ~RecordQueue() {
    RawRecord* r;
    while (ring_.pop(r)) delete r;
    for (RawRecord* o : overflow_) delete o;
  }
  RecordQueue(const RecordQueue&) = delete;
  RecordQueue& operator=(const RecordQueue&) = delete;

  // Producer (worker) thread only.
  void push(std::unique_ptr<RawRecord> record) {
    while (!overflow_.empty() && ring_.push(overflow_.front())) overflow_.pop_front();
    RawRecord* r = record.release();
    if (!overflow_.empty() || !ring_.push(r)) overflow_.push_back(r);
  }
  // Producer thread only, after it stopped producing: moves the overflow into the ring.
  bool flush() {
    while (!overflow_.empty() && ring_.push(overflow_.front())) overflow_.pop_front();
    return overflow_.empty();
  }

  // Consumer thread only. Calls `f(std::unique_ptr<RawRecord>)` for each available record.
  template <class F>
  size_t drain(F&& f) {
    size_t n = 0;
    RawRecord* r;
    while (ring_.pop(r)) {
      f(std::unique_ptr<RawRecord>(r));
      ++n;
    }
    return n;
  }

 private:
  boost::lockfree::spsc_queue<RawRecord*> ring_;
  std::deque<RawRecord*> overflow_;  // producer-local
};

}  // namespace aiperf
