#include "metrics/client_health.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

WorkerHealth idle_worker(const char* id) {
  WorkerHealth w;
  w.worker_id = id;
  w.lag_samples = 400;
  w.lag_p50_ms = 0.05;
  w.lag_p99_ms = 0.8;
  w.lag_max_ms = 2;
  w.window_s = 2;
  w.cpu_utilization = 0.05;
  w.runqueue_wait_fraction = 0.01;
  return w;
}

TEST(ClientHealth, IdleWorkersAndOnTimeSendsAreNotClientBound) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0"), idle_worker("worker_1")};
  h.send_lag_p99_ms = 0.2;
  judge_client_health(h);
  EXPECT_FALSE(h.client_bound);
  EXPECT_TRUE(h.reasons.empty());
}

TEST(ClientHealth, EventLoopLagP99OverTheThresholdIsClientBound) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0"), idle_worker("worker_1")};
  h.workers[1].lag_p99_ms = 10.5;
  judge_client_health(h);
  EXPECT_TRUE(h.client_bound);
  ASSERT_EQ(h.reasons.size(), 1u);
  EXPECT_EQ(h.reasons[0], "worker_1 event-loop lag p99 10.50 ms > 10.00 ms");
}

TEST(ClientHealth, SendsHeldBackForTheRecordBacklogAreClientBound) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0"), idle_worker("worker_1")};
  h.workers[0].held_sends = 12;
  h.workers[0].record_hold_s = 0.0345;
  judge_client_health(h);
  EXPECT_TRUE(h.client_bound);
  ASSERT_EQ(h.reasons.size(), 1u);
  EXPECT_EQ(h.reasons[0], "worker_0 held back 12 sends for 0.035 s: the record processor fell behind");
}

TEST(ClientHealth, LagAtTheThresholdIsStillFine) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0")};
  h.workers[0].lag_p99_ms = 10.0;
  judge_client_health(h);
  EXPECT_FALSE(h.client_bound);
}

// On one shared core the worker runs only ~1/3 of the time but waits for the CPU the rest:
// it is starved, not idle.
TEST(ClientHealth, CpuPlusRunQueueWaitNearTheWholeWindowIsClientBound) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0")};
  h.workers[0].cpu_utilization = 0.34;
  h.workers[0].runqueue_wait_fraction = 0.60;
  judge_client_health(h);
  EXPECT_TRUE(h.client_bound);
  ASSERT_EQ(h.reasons.size(), 1u);
  EXPECT_EQ(h.reasons[0], "worker_0 busy (on CPU or waiting for one) 94 % of the time >= 90 %");
}

TEST(ClientHealth, WithoutSchedstatCpuTimeAloneDecides) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0")};
  h.workers[0].runqueue_wait_fraction.reset();
  h.workers[0].cpu_utilization = 0.89;
  judge_client_health(h);
  EXPECT_FALSE(h.client_bound);
  h.workers[0].cpu_utilization = 0.95;
  judge_client_health(h);
  EXPECT_TRUE(h.client_bound);
}

TEST(ClientHealth, OpenLoopSendLagP99OverTheThresholdIsClientBound) {
  ClientHealth h;
  h.workers = {idle_worker("worker_0")};
  h.send_lag_p99_ms = 25;
  judge_client_health(h);
  EXPECT_TRUE(h.client_bound);
  ASSERT_EQ(h.reasons.size(), 1u);
  EXPECT_EQ(h.reasons[0], "send lag p99 25.00 ms > 10.00 ms");
}

TEST(ClientHealth, AWorkerWhoseWindowNeverOpenedIsNotJudgedOnCpu) {
  ClientHealth h;
  WorkerHealth w;  // no samples, no window
  w.worker_id = "worker_0";
  w.cpu_utilization = 1.0;
  h.workers = {w};
  judge_client_health(h);
  EXPECT_FALSE(h.client_bound);
}

TEST(ClientHealth, EveryExceededThresholdIsAReason) {
  ClientHealth h;
  h.thresholds.event_loop_lag_p99_ms = 1;
  h.workers = {idle_worker("worker_0")};
  h.workers[0].lag_p99_ms = 3;
  h.workers[0].cpu_utilization = 0.99;
  h.send_lag_p99_ms = 11;
  judge_client_health(h);
  EXPECT_EQ(h.reasons.size(), 3u);
}

}  // namespace
}  // namespace aiperf
