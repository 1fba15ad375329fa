// --goodput SLO resolution and the per-record verdict (metrics-and-outputs.md §3).
#include "metrics/goodput.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

ProfileConfig config_with(std::vector<GoodputTarget> goodput, bool streaming = true) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.streaming = streaming;
  c.goodput = std::move(goodput);
  return c;
}

std::string error_of(const ProfileConfig& c) {
  try {
    resolve_goodput(metrics_settings(c));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Goodput, ThresholdsAreConvertedFromDisplayUnits) {
  auto slos = resolve_goodput(metrics_settings(config_with({{"time_to_first_token", 100},
                                           {"output_token_throughput_per_user", 300},
                                           {"output_sequence_length", 50}})));
  ASSERT_EQ(slos.size(), 3u);
  EXPECT_EQ(slos[0].metric, MetricId::time_to_first_token);
  EXPECT_DOUBLE_EQ(slos[0].threshold, 100e6);  // ms -> ns
  EXPECT_FALSE(slos[0].larger_is_better);
  EXPECT_DOUBLE_EQ(slos[1].threshold, 300);
  EXPECT_TRUE(slos[1].larger_is_better);
  EXPECT_FALSE(slos[2].larger_is_better);
}

TEST(Goodput, BadTagsAreConfigErrors) {
  EXPECT_EQ(error_of(config_with({{"time_to_frist_token", 1}})),
            "--goodput: unknown metric tag 'time_to_frist_token'");
  EXPECT_EQ(error_of(config_with({{"request_throughput", 1}})),
            "--goodput: 'request_throughput' is not a per-request metric");
  EXPECT_EQ(error_of(config_with({{"inter_chunk_latency", 1}})),
            "--goodput: 'inter_chunk_latency' is not a per-request metric");
  EXPECT_EQ(error_of(config_with({{"time_to_first_token", 1}}, false)),
            "--goodput: metric 'time_to_first_token' is not applicable to this run (it needs --streaming)");
  EXPECT_EQ(error_of(config_with({{"send_lag", 1}})),
            "--goodput: metric 'send_lag' is not applicable to this run (it needs --request-rate or "
            "--fixed-schedule)");
  EXPECT_EQ(error_of(config_with({{"error_isl", 1}})),
            "--goodput: metric 'error_isl' is not applicable to this run (it exists for failed requests only)");
  EXPECT_EQ(error_of(config_with({{"request_latency", 1}}, false)), "");
  EXPECT_EQ(error_of(config_with({{"effective_latency", 1}}, false)), "");
  EXPECT_EQ(error_of(config_with({{"stream_setup_latency", 1}})),
            "--goodput: metric 'stream_setup_latency' is not applicable to this run (it needs "
            "AIPERF_DEV_MODE and AIPERF_DEV_SHOW_EXPERIMENTAL_METRICS)");
  EXPECT_EQ(error_of(config_with({{"requested_osl", 1}})),
            "--goodput: metric 'requested_osl' is not applicable to this run (it needs "
            "AIPERF_DEV_MODE and AIPERF_DEV_SHOW_INTERNAL_METRICS)");
}

TEST(Goodput, EverySloMustHoldAndEqualityPasses) {
  auto slos = resolve_goodput(metrics_settings(config_with({{"time_to_first_token", 100},
                                           {"output_token_throughput_per_user", 300}})));
  RecordMetrics m;
  m[MetricId::time_to_first_token] = 100e6;                 // exactly at the threshold
  m[MetricId::output_token_throughput_per_user] = 300;      // exactly at the threshold
  EXPECT_TRUE(meets_slos(m, slos));
  m[MetricId::time_to_first_token] = 100e6 + 1;             // 1 ns too slow
  EXPECT_FALSE(meets_slos(m, slos));
  m[MetricId::time_to_first_token] = 50e6;
  m[MetricId::output_token_throughput_per_user] = 299.9;   // larger is better: too low
  EXPECT_FALSE(meets_slos(m, slos));
  m[MetricId::output_token_throughput_per_user].reset();   // missing (e.g. OSL < 2): not good
  EXPECT_FALSE(meets_slos(m, slos));
  EXPECT_TRUE(meets_slos(m, {}));
}

}  // namespace
}  // namespace aiperf
