#include "timing/continuation_queue.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

Continuation at(int64_t due, uint64_t session) {
  Continuation c;
  c.due_ns = due;
  c.session_id = session;
  return c;
}

TEST(ContinuationQueue, ReleasesByDueTimeThenSchedulingOrder) {
  ContinuationQueue q;
  q.schedule(at(30, 1));
  q.schedule(at(10, 2));
  q.schedule(at(10, 3));
  EXPECT_EQ(q.next_due_ns(), 10);
  EXPECT_EQ(q.release_due(9), 0u);
  EXPECT_FALSE(q.has_ready());
  EXPECT_EQ(q.release_due(10), 2u);
  EXPECT_EQ(q.pop_ready().session_id, 2u);
  EXPECT_EQ(q.pop_ready().session_id, 3u);
  EXPECT_EQ(q.size(), 1u);
  q.clear();
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.next_due_ns(), 0);
}

}  // namespace
}  // namespace aiperf
