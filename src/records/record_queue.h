#pragma once
// Hands finished RawRecords from one worker thread to the record-processor thread, and the
// processed records back for reuse, so a worker allocates no record memory in steady state
// and no memory crosses threads to be freed (glibc would lock the allocating arena).
// Single producer, single consumer, lock-free. The worker never blocks and never drops: if
// the ring is full, records wait in a worker-local overflow list and go first next time. The
// worker bounds that backlog itself by holding back new sends (Worker, kRecordBacklogLimit),
// so a processor that falls behind slows the load instead of growing memory without end.
#include <deque>
#include <memory>

#include <boost/lockfree/spsc_queue.hpp>

#include "records/body_buffer.h"
#include "records/raw_record.h"

namespace aiperf {

class RecordQueue {
 public:
  explicit RecordQueue(size_t capacity = 1 << 16) : capacity_(capacity), full_(capacity), empty_(capacity) {}
  ~RecordQueue() {
    RawRecord* r;
    while (full_.pop(r)) delete r;
    while (empty_.pop(r)) delete r;
    for (RawRecord* o : overflow_) delete o;
  }
  RecordQueue(const RecordQueue&) = delete;
  RecordQueue& operator=(const RecordQueue&) = delete;

  // Worker thread only: a blank record, recycled when one is available.
  std::unique_ptr<RawRecord> acquire() {
    RawRecord* r;
    if (!empty_.pop(r)) return std::make_unique<RawRecord>();
    r->clear();
    return std::unique_ptr<RawRecord>(r);
  }

  // Worker thread only.
  void push(std::unique_ptr<RawRecord> record) {
    while (!overflow_.empty() && full_.push(overflow_.front())) overflow_.pop_front();
    RawRecord* r = record.release();
    if (!overflow_.empty() || !full_.push(r)) overflow_.push_back(r);
  }
  // Worker thread only: records handed over that the processor has not taken yet.
  size_t backlog() const { return capacity_ - full_.write_available() + overflow_.size(); }

  // Worker thread only (or any thread once the worker has stopped): moves the overflow into
  // the ring; false while some records still wait.
  bool flush() {
    while (!overflow_.empty() && full_.push(overflow_.front())) overflow_.pop_front();
    return overflow_.empty();
  }

  // Consumer thread only. Calls `f(const RawRecord&)` for each available record, then
  // hands the record back for reuse.
  template <class F>
  size_t drain(F&& f) {
    size_t n = 0;
    RawRecord* r;
    while (full_.pop(r)) {
      f(static_cast<const RawRecord&>(*r));
      // A huge reply's buffer is mmapped by glibc: freeing it here takes no arena lock.
      release_huge_body_buffer(r->body);
      if (!empty_.push(r)) delete r;
      ++n;
    }
    return n;
  }

 private:
  size_t capacity_;
  boost::lockfree::spsc_queue<RawRecord*> full_;   // worker -> processor
  boost::lockfree::spsc_queue<RawRecord*> empty_;  // processor -> worker, for reuse
  std::deque<RawRecord*> overflow_;                // worker-local
};

}  // namespace aiperf
