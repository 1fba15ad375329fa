#include <fstream>
#include <filesystem>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

using cli_test::flag_error;
using cli_test::parse_flags;

using TempFile = test_support::TempTextFile;

TEST(WarmupFlags, DurationAloneCreatesAWarmupWithInfiniteGrace) {
  ProfileConfig c = parse_flags({"--warmup-duration", "2.5"});
  EXPECT_TRUE(c.has_warmup());
  EXPECT_EQ(c.warmup_duration, 2.5);
  EXPECT_FALSE(c.warmup_grace_period);
  EXPECT_EQ(c.to_json()["loadgen"]["warmup_duration"], 2.5);
}

TEST(WarmupFlags, ShapeOverridesAreParsed) {
  ProfileConfig c = parse_flags({"--warmup-request-count", "5", "--warmup-concurrency", "3", "--warmup-request-rate", "7",
                           "--warmup-arrival-pattern", "constant", "--warmup-request-rate-ramp-duration", "1",
                           "--warmup-grace-period", "inf"});
  EXPECT_EQ(c.warmup_concurrency, 3);
  EXPECT_EQ(c.warmup_request_rate, 7.0);
  EXPECT_EQ(c.warmup_arrival_pattern, ArrivalPattern::constant);
  EXPECT_EQ(c.warmup_request_rate_ramp_duration, 1.0);
  ASSERT_TRUE(c.warmup_grace_period);
  EXPECT_TRUE(std::isinf(*c.warmup_grace_period));
  EXPECT_FALSE(c.rate_mode());  // the profiling phase stays a closed loop
}

TEST(WarmupFlags, ValidationNamesTheFlag) {
  EXPECT_EQ(flag_error({"--warmup-grace-period", "5"}),
            "--warmup-grace-period requires a warm-up (--warmup-request-count, --warmup-duration or --num-warmup-sessions)");
  EXPECT_EQ(flag_error({"--warmup-duration", "0"}), "--warmup-duration must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--warmup-duration", "1", "--warmup-concurrency", "0"}),
            "--warmup-concurrency must be >= 1 (got 0)");
  EXPECT_EQ(flag_error({"--warmup-duration", "1", "--warmup-arrival-pattern", "constant"}),
            "--warmup-arrival-pattern requires --warmup-request-rate or --request-rate");
  EXPECT_EQ(flag_error({"--warmup-duration", "1", "--warmup-request-rate", "5", "--warmup-arrival-pattern", "x"}),
            "--warmup-arrival-pattern: invalid choice 'x' (choose from poisson, constant, gamma)");
}

TEST(RateSeriesFlag, ReadsABareListOrAPointsObject) {
  TempFile bare(R"([{"time_s": 0, "qps": 10}, {"time_s": 5, "qps": 50.5}])");
  ProfileConfig c = parse_flags({"--request-rate-series", bare.path, "--arrival-pattern", "constant"});
  EXPECT_TRUE(c.rate_mode());
  EXPECT_FALSE(c.request_rate);
  ASSERT_EQ(c.request_rate_series.size(), 2u);
  EXPECT_EQ(c.request_rate_series[1], (RateSeriesPoint{5, 50.5}));
  EXPECT_EQ(c.to_json()["loadgen"]["request_rate_series"], bare.path);

  TempFile wrapped(R"({"points": [{"time_s": 1, "qps": 1}, {"time_s": 2, "qps": 2}, {"time_s": 3, "qps": 1}]})");
  EXPECT_EQ(parse_flags({"--request-rate-series", wrapped.path}).request_rate_series.size(), 3u);
}

TEST(RateSeriesFlag, BadFilesGiveClearErrors) {
  EXPECT_THAT(flag_error({"--request-rate-series", "/nonexistent/series.json"}),
              HasSubstr("--request-rate-series /nonexistent/series.json: cannot open the file"));
  TempFile one(R"([{"time_s": 0, "qps": 10}])");
  EXPECT_THAT(flag_error({"--request-rate-series", one.path}), HasSubstr("needs at least 2 points, found 1"));
  TempFile order(R"([{"time_s": 2, "qps": 10}, {"time_s": 2, "qps": 5}])");
  EXPECT_THAT(flag_error({"--request-rate-series", order.path}),
              HasSubstr("point 2: time_s must be greater than the previous point's"));
  TempFile zero(R"([{"time_s": 0, "qps": 10}, {"time_s": 1, "qps": 0}])");
  EXPECT_THAT(flag_error({"--request-rate-series", zero.path}), HasSubstr("point 2: qps must be > 0"));
  TempFile text(R"([{"time_s": "0", "qps": 10}, {"time_s": 1, "qps": 3}])");
  EXPECT_THAT(flag_error({"--request-rate-series", text.path}), HasSubstr("point 1: \"time_s\" must be a number"));
  TempFile broken("[{\"time_s\": 0,\n");
  EXPECT_THAT(flag_error({"--request-rate-series", broken.path}), HasSubstr("not valid JSON"));
  TempFile ok(R"([{"time_s": 0, "qps": 10}, {"time_s": 1, "qps": 3}])");
  EXPECT_EQ(flag_error({"--request-rate-series", ok.path, "--request-rate-ramp-duration", "2"}),
            "--request-rate-ramp-duration cannot be combined with --request-rate-series");
}

TEST(ConcurrencyRampWithRate, RampsTheCeiling) {
  ProfileConfig c = parse_flags({"--request-rate", "10", "--concurrency", "8", "--concurrency-ramp-duration", "4"});
  EXPECT_EQ(c.concurrency_ramp_duration, 4.0);
  EXPECT_EQ(flag_error({"--request-rate", "10", "--concurrency-ramp-duration", "4"}),
            "--concurrency-ramp-duration with a request rate ramps the --concurrency ceiling, but no "
            "--concurrency was given");
}

}  // namespace
}  // namespace aiperf
