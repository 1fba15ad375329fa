// The serving model's shared batch: slots, the KV budget, FIFO order, virtual admission times.
#include "mock_server/batch_scheduler.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "mock_server/serving_model.h"

namespace aiperf::mock {
namespace {

using Ticket = BatchScheduler::Ticket;

// Counts the wake-ups a ticket received.
struct Woken {
  int count = 0;
  static void wake(void* self) { ++static_cast<Woken*>(self)->count; }
};

void prepare(Ticket& t, Woken& w, int64_t kv_tokens = 10) {
  t.kv_tokens = kv_tokens;
  t.wake = &Woken::wake;
  t.wake_context = &w;
}

TEST(BatchScheduler, AdmitsUpToTheSeqCapThenQueuesInOrder) {
  BatchScheduler batch(2, ServingModel::kUnlimited);
  std::array<Ticket, 4> t;
  std::array<Woken, 4> w;
  for (size_t i = 0; i < t.size(); ++i) prepare(t[i], w[i]);
  EXPECT_TRUE(batch.arrive(t[0], 100));
  EXPECT_TRUE(batch.arrive(t[1], 110));
  EXPECT_FALSE(batch.arrive(t[2], 120));
  EXPECT_FALSE(batch.arrive(t[3], 130));
  EXPECT_EQ(batch.running(), 2);
  EXPECT_TRUE(t[0].admitted.load());
  EXPECT_EQ(t[0].admitted_ns, 100);
  EXPECT_FALSE(t[2].admitted.load());
  EXPECT_EQ(w[0].count + w[1].count, 0);  // admitted on arrival: told by the result, not woken

  // The slot is taken at the time the leaver's last token was due, not when it was noticed.
  batch.leave(t[1], 500);
  EXPECT_TRUE(t[2].admitted.load());
  EXPECT_EQ(t[2].admitted_ns, 500);
  EXPECT_EQ(w[2].count, 1);
  EXPECT_FALSE(t[3].admitted.load());
  EXPECT_FALSE(t[1].admitted.load());
  EXPECT_EQ(batch.running(), 2);
  batch.leave(t[1], 600);  // idle: nothing happens
  EXPECT_FALSE(t[3].admitted.load());
  batch.leave(t[0], 700);
  EXPECT_EQ(t[3].admitted_ns, 700);
  EXPECT_EQ(w[3].count, 1);
}

TEST(BatchScheduler, AQueuedTicketIsAdmittedNoEarlierThanItArrived) {
  BatchScheduler batch(1, ServingModel::kUnlimited);
  Ticket a, b;
  Woken wa, wb;
  prepare(a, wa);
  prepare(b, wb);
  ASSERT_TRUE(batch.arrive(a, 100));
  // b arrived at 300, after a's last token was due at 250 but before its worker noticed.
  ASSERT_FALSE(batch.arrive(b, 300));
  batch.leave(a, 250);
  EXPECT_EQ(b.admitted_ns, 300);
}

TEST(BatchScheduler, KvBudgetBlocksTheHeadAndEverythingBehindIt) {
  BatchScheduler batch(10, 100);
  Ticket big1, big2, small;
  Woken w1, w2, ws;
  prepare(big1, w1, 60);
  prepare(big2, w2, 60);
  prepare(small, ws, 10);
  EXPECT_TRUE(batch.fits(100));
  EXPECT_FALSE(batch.fits(101));
  ASSERT_TRUE(batch.arrive(big1, 0));
  EXPECT_FALSE(batch.arrive(big2, 1));   // 60 + 60 > 100
  EXPECT_FALSE(batch.arrive(small, 2));  // would fit, but FIFO: big2 is ahead
  EXPECT_EQ(batch.running(), 1);
  // The blocking head gives up: the ticket behind it fits at once.
  batch.leave(big2, 5);
  EXPECT_TRUE(small.admitted.load());
  EXPECT_EQ(small.admitted_ns, 5);
  EXPECT_EQ(batch.running(), 2);
}

TEST(BatchScheduler, LeavingFreesItsTokensForSeveralWaiters) {
  BatchScheduler batch(10, 100);
  Ticket big, a, b, c;
  Woken wbig, wa, wb, wc;
  prepare(big, wbig, 90);
  prepare(a, wa, 40);
  prepare(b, wb, 40);
  prepare(c, wc, 40);
  ASSERT_TRUE(batch.arrive(big, 0));
  ASSERT_FALSE(batch.arrive(a, 1));
  ASSERT_FALSE(batch.arrive(b, 2));
  ASSERT_FALSE(batch.arrive(c, 3));
  batch.leave(big, 10);
  EXPECT_TRUE(a.admitted.load());
  EXPECT_TRUE(b.admitted.load());
  EXPECT_FALSE(c.admitted.load());  // 40 + 40 + 40 > 100
  EXPECT_EQ(batch.running(), 2);
}

TEST(BatchScheduler, ClosedSchedulerAdmitsButWakesNobody) {
  BatchScheduler batch(1, ServingModel::kUnlimited);
  Ticket a, b;
  Woken wa, wb;
  prepare(a, wa);
  prepare(b, wb);
  ASSERT_TRUE(batch.arrive(a, 0));
  ASSERT_FALSE(batch.arrive(b, 1));
  batch.close();
  batch.leave(a, 2);
  EXPECT_EQ(wb.count, 0);
  batch.leave(b, 3);
  EXPECT_EQ(batch.running(), 0);
}

// Many threads arriving and leaving: the count never passes the cap and everyone gets through.
TEST(BatchScheduler, SharedByThreads) {
  constexpr int kThreads = 4, kRounds = 2000;
  BatchScheduler batch(3, ServingModel::kUnlimited);
  std::atomic<int64_t> peak{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&] {
      Ticket t;
      t.kv_tokens = 1;
      for (int r = 0; r < kRounds; ++r) {
        if (!batch.arrive(t, r)) {
          while (!t.admitted.load(std::memory_order_acquire)) std::this_thread::yield();
        }
        int64_t now = batch.running(), seen = peak.load();
        while (now > seen && !peak.compare_exchange_weak(seen, now)) {
        }
        batch.leave(t, r);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_LE(peak.load(), 3);
  EXPECT_EQ(batch.running(), 0);
}

}  // namespace
}  // namespace aiperf::mock
