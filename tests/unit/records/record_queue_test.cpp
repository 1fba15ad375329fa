#include "records/record_queue.h"

#include <gtest/gtest.h>

#include <thread>

#include "records/record_collector.h"

namespace aiperf {
namespace {

TEST(RecordQueue, OverflowKeepsEveryRecordInOrder) {
  RecordQueue q(4);
  for (uint64_t i = 0; i < 10; ++i) {
    auto r = std::make_unique<RawRecord>();
    r->credit_id = i;
    q.push(std::move(r));
  }
  std::vector<uint64_t> got;
  auto take = [&](const RawRecord& r) { got.push_back(r.credit_id); };
  q.drain(take);
  while (!q.flush()) q.drain(take);
  q.drain(take);
  ASSERT_EQ(got.size(), 10u);
  for (uint64_t i = 0; i < 10; ++i) EXPECT_EQ(got[i], i);
}

TEST(RecordQueue, BacklogCountsTheRingAndTheOverflowUntilDrained) {
  RecordQueue q(4);
  EXPECT_EQ(q.backlog(), 0u);
  for (int i = 0; i < 6; ++i) q.push(std::make_unique<RawRecord>());
  EXPECT_EQ(q.backlog(), 6u);  // 4 in the ring, 2 waiting in the overflow
  size_t seen = q.drain([](const RawRecord&) {});
  EXPECT_EQ(seen, 4u);
  EXPECT_EQ(q.backlog(), 2u);
  while (!q.flush()) q.drain([](const RawRecord&) {});
  q.drain([](const RawRecord&) {});
  EXPECT_EQ(q.backlog(), 0u);
}

TEST(RecordQueue, ProcessedRecordsComeBackBlankForReuse) {
  RecordQueue q(4);
  auto r = q.acquire();
  RawRecord* original = r.get();
  r->credit_id = 7;
  r->x_request_id = "abc";
  r->body.assign(1000, 'x');
  r->chunks.push_back({0, 1000, 5});
  r->http_status = 200;
  q.push(std::move(r));
  q.drain([](const RawRecord& rec) { EXPECT_EQ(rec.credit_id, 7u); });
  auto again = q.acquire();
  EXPECT_EQ(again.get(), original);  // the same memory, recycled
  EXPECT_EQ(again->credit_id, 0u);
  EXPECT_TRUE(again->x_request_id.empty());
  EXPECT_TRUE(again->body.empty());
  EXPECT_GE(again->body.capacity(), 1000u);  // buffers keep their capacity
  EXPECT_TRUE(again->chunks.empty());
  EXPECT_EQ(again->http_status, 0);
}

// One huge reply must not pin its buffer in a recycled record for the rest of the run.
TEST(RecordQueue, AHugeBodyBufferIsFreedNotRecycled) {
  RecordQueue q(4);
  auto r = q.acquire();
  r->body.assign(kKeepBodyCapacity + 1, 'x');
  q.push(std::move(r));
  size_t seen = 0;
  q.drain([&](const RawRecord& rec) { seen = rec.body.size(); });
  EXPECT_EQ(seen, kKeepBodyCapacity + 1);  // whole while it is processed
  auto again = q.acquire();
  EXPECT_LE(again->body.capacity(), kKeepBodyCapacity);
}

TEST(RecordCollector, DrainsEveryQueueFromItsOwnThread) {
  RecordQueue a(8), b(8);
  std::vector<uint64_t> got;
  std::thread::id consumer_thread;
  RecordCollector collector({&a, &b}, [&](const RawRecord& r) {
    consumer_thread = std::this_thread::get_id();
    got.push_back(r.credit_id);
  });
  collector.start();
  std::thread pa([&] {
    for (uint64_t i = 0; i < 1000; ++i) {
      auto r = std::make_unique<RawRecord>();
      r->credit_id = i;
      a.push(std::move(r));
    }
  });
  std::thread pb([&] {
    for (uint64_t i = 1000; i < 2000; ++i) {
      auto r = std::make_unique<RawRecord>();
      r->credit_id = i;
      b.push(std::move(r));
    }
  });
  pa.join();
  pb.join();
  while (!a.flush() || !b.flush()) std::this_thread::yield();
  collector.finish();
  EXPECT_EQ(got.size(), 2000u);
  EXPECT_EQ(collector.processed(), 2000u);
}

}  // namespace
}  // namespace aiperf
