// The serving model's arithmetic: the formulas of docs/mock-server.md, "Serving model".
#include "mock_server/serving_model.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

namespace aiperf::mock {
namespace {

// R 4000 tok/s, D0 10 ms, K 1 ms, N 8: with ISL 128 prefill is 32 ms.
ServingModel eight_seq_model() {
  ServingModel m;
  m.enabled = true;
  m.prefill_tokens_per_s = 4000;
  m.decode_step_ms = 10;
  m.decode_step_ms_per_seq = 1;
  m.max_num_seqs = 8;
  return m;
}

ClosedLoad load(int64_t concurrency, int64_t isl = 128, int64_t osl = 32) {
  ClosedLoad l;
  l.concurrency = concurrency;
  l.isl = isl;
  l.osl = osl;
  return l;
}

TEST(ServingModel, SlotsAreTheSeqCapOrWhatFitsInTheKvCache) {
  ServingModel m = eight_seq_model();
  EXPECT_EQ(m.slots(160), 8);
  m.kv_cache_tokens = 1000;
  EXPECT_EQ(m.slots(160), 6);  // floor(1000 / 160)
  EXPECT_EQ(m.slots(100), 8);
  EXPECT_EQ(m.slots(1001), 0);  // never fits: refused
  m.max_num_seqs = ServingModel::kUnlimited;
  m.kv_cache_tokens = ServingModel::kUnlimited;
  EXPECT_EQ(m.slots(160), ServingModel::kUnlimited);
}

TEST(ServingModel, BelowTheCapNobodyWaitsAndItlGrowsWithTheBatch) {
  for (int64_t c : {1, 4, 8}) {
    const ClosedLoopPrediction p = predict_closed_loop(eight_seq_model(), load(c));
    EXPECT_EQ(p.running, c);
    EXPECT_DOUBLE_EQ(p.prefill_ms, 32.0);
    EXPECT_DOUBLE_EQ(p.step_ms, 10.0 + double(c));
    EXPECT_DOUBLE_EQ(p.itl_ms, 10.0 + double(c));
    EXPECT_DOUBLE_EQ(p.service_ms, 32.0 + 31 * (10.0 + double(c)));
    EXPECT_DOUBLE_EQ(p.wait_avg_ms, 0.0);
    EXPECT_DOUBLE_EQ(p.ttft_avg_ms, 32.0);
    EXPECT_DOUBLE_EQ(p.ttft_percentile_ms, 32.0);
    EXPECT_DOUBLE_EQ(p.latency_avg_ms, p.service_ms);
    EXPECT_DOUBLE_EQ(p.request_throughput, 1000.0 * double(c) / p.service_ms);
  }
}

TEST(ServingModel, AboveTheCapRequestsWaitWholeServiceTimes) {
  const double s = 32.0 + 31 * 18.0;  // the batch stays at N = 8
  // C = 12: q = 4 of every 8 requests wait one service, the rest none.
  ClosedLoopPrediction p = predict_closed_loop(eight_seq_model(), load(12));
  EXPECT_EQ(p.running, 8);
  EXPECT_DOUBLE_EQ(p.itl_ms, 18.0);
  EXPECT_DOUBLE_EQ(p.service_ms, s);
  EXPECT_DOUBLE_EQ(p.wait_avg_ms, s / 2);
  EXPECT_DOUBLE_EQ(p.ttft_avg_ms, 32.0 + s / 2);
  EXPECT_DOUBLE_EQ(p.ttft_percentile_ms, 32.0 + s);
  EXPECT_DOUBLE_EQ(p.latency_avg_ms, s / 2 + s);
  EXPECT_DOUBLE_EQ(p.request_throughput, 8000.0 / s);
  // C = 16: everyone waits exactly one service.
  p = predict_closed_loop(eight_seq_model(), load(16));
  EXPECT_DOUBLE_EQ(p.wait_avg_ms, s);
  EXPECT_DOUBLE_EQ(p.ttft_percentile_ms, 32.0 + s);
  // C = 17: one in eight waits two.
  p = predict_closed_loop(eight_seq_model(), load(17));
  EXPECT_DOUBLE_EQ(p.wait_avg_ms, s * 9 / 8);
  EXPECT_DOUBLE_EQ(p.ttft_percentile_ms, 32.0 + 2 * s);
}

TEST(ServingModel, ThePercentileReachesTheTopGroupOnlyWhenItHoldsMoreThanItsShare) {
  ServingModel m = eight_seq_model();
  m.max_num_seqs = 200;
  const double s = m.prefill_ms(128) + 31 * m.step_ms(200);
  // q = 1 of 200 (0.5 %) waits: the p99 does not see it, the p99.9 does.
  EXPECT_DOUBLE_EQ(predict_closed_loop(m, load(201)).ttft_percentile_ms, 32.0);
  ClosedLoad fine = load(201);
  fine.percentile = 99.9;
  EXPECT_DOUBLE_EQ(predict_closed_loop(m, fine).ttft_percentile_ms, 32.0 + s);
  // q = 3 of 200 (1.5 %): the p99 does.
  EXPECT_DOUBLE_EQ(predict_closed_loop(m, load(203)).ttft_percentile_ms, 32.0 + s);
}

TEST(ServingModel, KvCacheLimitsTheBatchLikeFewerSlots) {
  ServingModel m = eight_seq_model();
  m.kv_cache_tokens = 3 * 160 + 100;  // three sequences of 128 + 32
  const ClosedLoopPrediction p = predict_closed_loop(m, load(8));
  EXPECT_EQ(p.slots, 3);
  EXPECT_EQ(p.running, 3);
  EXPECT_DOUBLE_EQ(p.itl_ms, 13.0);
  EXPECT_DOUBLE_EQ(p.wait_avg_ms, p.service_ms * 5 / 3);
  m.kv_cache_tokens = 100;  // nothing fits: every request is refused
  EXPECT_TRUE(std::isinf(predict_closed_loop(m, load(1)).ttft_avg_ms));
}

TEST(ServingModel, ChunksWaitForTheirLastToken) {
  ClosedLoad l = load(2);
  l.tokens_per_chunk = 4;
  const ClosedLoopPrediction p = predict_closed_loop(eight_seq_model(), l);
  EXPECT_DOUBLE_EQ(p.ttft_avg_ms, 32.0 + 3 * 12.0);
  EXPECT_DOUBLE_EQ(p.service_ms, 32.0 + 31 * 12.0);
  EXPECT_DOUBLE_EQ(p.itl_ms, 28 * 12.0 / 31);  // (latency − TTFT) / (OSL − 1)
}

TEST(ServingModel, ShortOutputs) {
  ClosedLoopPrediction p = predict_closed_loop(eight_seq_model(), load(2, 128, 1));
  EXPECT_DOUBLE_EQ(p.service_ms, 32.0);
  EXPECT_DOUBLE_EQ(p.itl_ms, 0.0);
  p = predict_closed_loop(eight_seq_model(), load(2, 128, 0));
  EXPECT_DOUBLE_EQ(p.ttft_avg_ms, 32.0);
  ServingModel instant;  // no prefill rate, no step time
  instant.enabled = true;
  instant.max_num_seqs = 1;
  p = predict_closed_loop(instant, load(3));
  EXPECT_DOUBLE_EQ(p.service_ms, 0.0);
  EXPECT_TRUE(std::isinf(p.request_throughput));
}

TEST(ServingModel, AFiniteRunStartsWithEveryClientSendingAtOnce) {
  ServingModel m = eight_seq_model();
  m.max_num_seqs = 2;
  ClosedLoad l = load(5);
  const double s = predict_closed_loop(m, l).service_ms;
  // Start: A, B run; C, D wait one service; E two. Then every round of two: one waits one
  // service, one waits two (q = 3: m = 1, r = 1).
  l.requests = 5;
  ClosedLoopPrediction p = predict_closed_loop(m, l);
  EXPECT_NEAR(p.wait_avg_ms, (0 + 0 + s + s + 2 * s) / 5, 1e-9);
  EXPECT_NEAR(p.ttft_percentile_ms, 32.0 + 1.96 * s, 1e-6);  // linear between S and 2S, as numpy
  l.requests = 9;
  p = predict_closed_loop(m, l);
  EXPECT_NEAR(p.wait_avg_ms, (0 + 0 + 1 + 1 + 2 + 1 + 2 + 1 + 2) * s / 9, 1e-9);
  // A long run approaches the steady state: the start-up only lowers the average.
  l.requests = 100000;
  p = predict_closed_loop(m, l);
  const ClosedLoopPrediction steady = predict_closed_loop(m, load(5));
  EXPECT_DOUBLE_EQ(steady.wait_avg_ms, 1.5 * s);
  EXPECT_LT(p.wait_avg_ms, steady.wait_avg_ms);
  EXPECT_NEAR(p.wait_avg_ms, steady.wait_avg_ms, 1e-3 * s);
  EXPECT_NEAR(p.ttft_percentile_ms, steady.ttft_percentile_ms, 1e-6);
  // Below the cap a run is its steady state.
  l.concurrency = 2;
  EXPECT_DOUBLE_EQ(predict_closed_loop(m, l).ttft_avg_ms, 32.0);
}

TEST(ServingModel, ItlKneeIsTheLargestBatchUnderTheBound) {
  KneeSla sla;
  sla.itl_avg_ms = 15.5;  // 10 + C <= 15.5
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 5);
  sla.itl_avg_ms = 15;  // a bound equal to a level is met
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 5);
  sla.itl_avg_ms = 10.5;
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 0);
  sla.itl_avg_ms = 18;  // the batch never passes N = 8: no knee
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), std::nullopt);
}

TEST(ServingModel, TtftKneeCountsTheQueueRoundsAllowed) {
  const double s = 32.0 + 31 * 18.0;
  KneeSla sla;
  sla.ttft_ms = 100;  // below one service: up to N
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 8);
  sla.ttft_ms = 32.0 + s;  // one round: up to 2N
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 16);
  sla.ttft_ms = 32.0 + 2.5 * s;  // two rounds
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 24);
  sla.ttft_ms = 31;  // prefill alone misses it
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 0);
  ServingModel unlimited = eight_seq_model();
  unlimited.max_num_seqs = ServingModel::kUnlimited;
  sla.ttft_ms = 100;
  EXPECT_EQ(predicted_knee(unlimited, load(1), sla), std::nullopt);
  // Both bounds: the smaller knee.
  sla.ttft_ms = 32.0 + s;
  sla.itl_avg_ms = 16;
  EXPECT_EQ(predicted_knee(eight_seq_model(), load(1), sla), 6);
}

TEST(ServingModel, KneeMatchesAScanOfThePredictions) {
  for (int64_t n : {1, 3, 8, 150}) {
    for (double x : {40.0, 300.0, 1000.0, 5000.0}) {
      for (double y : {11.0, 14.5, 30.0}) {
        ServingModel m = eight_seq_model();
        m.max_num_seqs = n;
        m.decode_step_ms_per_seq = 0.25;
        const KneeSla sla{x, y};
        int64_t scan = 0;
        for (int64_t c = 1; c <= 4000; ++c) {
          const ClosedLoopPrediction p = predict_closed_loop(m, load(c));
          if (p.ttft_percentile_ms > x || p.itl_ms > y) break;
          scan = c;
        }
        const std::optional<int64_t> knee = predicted_knee(m, load(1), sla);
        ASSERT_TRUE(knee.has_value()) << n << " " << x << " " << y;
        EXPECT_EQ(*knee, scan) << n << " " << x << " " << y;
      }
    }
  }
}

TEST(ServingModel, KneeReportIsOneJsonObject) {
  KneeQuery q;
  q.load = load(12);
  q.at_concurrency = true;
  q.sla.itl_avg_ms = 15;
  const nlohmann::json j = nlohmann::json::parse(knee_report_json(eight_seq_model(), q));
  EXPECT_EQ(j["isl"], 128);
  EXPECT_EQ(j["osl"], 32);
  EXPECT_EQ(j["slots"], 8);
  EXPECT_DOUBLE_EQ(j["prefill_ms"].get<double>(), 32.0);
  EXPECT_EQ(j["knee"]["concurrency"], 5);
  EXPECT_TRUE(j["knee"]["ttft_ms"].is_null());
  EXPECT_EQ(j["at"]["concurrency"], 12);
  EXPECT_DOUBLE_EQ(j["at"]["itl_ms"].get<double>(), 18.0);
  EXPECT_DOUBLE_EQ(j["at"]["ttft_percentile_ms"].get<double>(), 32.0 + 32.0 + 31 * 18.0);
  q.at_concurrency = false;
  q.sla = {};
  const nlohmann::json bare = nlohmann::json::parse(knee_report_json(eight_seq_model(), q));
  EXPECT_FALSE(bare.contains("knee"));
  EXPECT_FALSE(bare.contains("at"));
}

}  // namespace
}  // namespace aiperf::mock
