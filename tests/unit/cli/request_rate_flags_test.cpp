#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(RequestRateFlags, DefaultsToPoissonOpenLoopWithoutCeiling) {
  ProfileConfig c = parse_flags({"--request-rate", "12.5"});
  ASSERT_TRUE(c.request_rate);
  EXPECT_EQ(*c.request_rate, 12.5);
  EXPECT_TRUE(c.rate_mode());
  EXPECT_EQ(c.arrival_pattern, ArrivalPattern::poisson);
  EXPECT_FALSE(c.concurrency);
  EXPECT_EQ(c.effective_request_count(), 10);  // upstream's default stop condition
  auto j = c.to_json()["loadgen"];
  EXPECT_EQ(j["request_rate"], 12.5);
  EXPECT_EQ(j["arrival_pattern"], "poisson");
  EXPECT_FALSE(j.contains("concurrency"));  // no ceiling was given
}

TEST(RequestRateFlags, PatternsAliasesAndCeiling) {
  ProfileConfig c = parse_flags({"--request-rate", "100", "--request-rate-mode", "CONSTANT", "--concurrency", "4"});
  EXPECT_EQ(c.arrival_pattern, ArrivalPattern::constant);
  EXPECT_EQ(c.concurrency, 4);
  EXPECT_EQ(parse_flags({"--request-rate", "1", "--arrival-pattern", "gamma"}).arrival_pattern,
            ArrivalPattern::gamma);
  c = parse_flags({"--request-rate", "1", "--arrival-pattern", "gamma", "--vllm-burstiness", "0.5"});
  EXPECT_EQ(c.arrival_smoothness, 0.5);
  c = parse_flags({"--request-rate", "1", "--request-rate-ramp-duration", "3"});
  EXPECT_EQ(c.request_rate_ramp_duration, 3.0);
}

TEST(RequestRateFlags, SmoothnessAloneSelectsGamma) {
  ProfileConfig c = parse_flags({"--request-rate", "5", "--arrival-smoothness", "4"});
  EXPECT_EQ(c.arrival_pattern, ArrivalPattern::gamma);
  EXPECT_EQ(c.arrival_smoothness, 4.0);
}

TEST(RequestRateFlags, ValidationErrorsNameTheFlag) {
  EXPECT_EQ(flag_error({"--request-rate", "0"}), "--request-rate must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--request-rate", "-3"}), "--request-rate must be > 0 (got -3)");
  EXPECT_THAT(flag_error({"--request-rate", "abc"}), ::testing::HasSubstr("--request-rate"));
  // A comma list is a sweep of two benchmarks: parse_profile_study's (study_builder_test.cpp).
  EXPECT_THAT(flag_error({"--request-rate", "5,10"}), ::testing::HasSubstr("is a sweep"));
  EXPECT_EQ(flag_error({"--request-rate", "5,0"}), "sweep variation rate_0: --request-rate must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--request-rate", "5", "--arrival-smoothness", "0"}),
            "--arrival-smoothness must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--request-rate", "5", "--arrival-pattern", "constant", "--vllm-burstiness", "2"}),
            "--vllm-burstiness only applies to --arrival-pattern gamma, not constant");
  EXPECT_EQ(flag_error({"--request-rate", "5", "--arrival-pattern", "bursty"}),
            "--arrival-pattern: invalid choice 'bursty' (choose from poisson, constant, gamma)");
  EXPECT_THAT(flag_error({"--request-rate", "5", "--arrival-pattern", "concurrency_burst"}),
              ::testing::HasSubstr("not supported yet"));
  EXPECT_EQ(flag_error({"--arrival-pattern", "constant"}), "--arrival-pattern requires --request-rate");
  EXPECT_EQ(flag_error({"--request-rate-mode", "constant"}), "--request-rate-mode requires --request-rate");
  EXPECT_EQ(flag_error({"--arrival-smoothness", "2"}), "--arrival-smoothness requires --request-rate");
  EXPECT_EQ(flag_error({"--request-rate-ramp-duration", "2"}),
            "--request-rate-ramp-duration requires --request-rate");
  EXPECT_EQ(flag_error({"--request-rate", "5", "--request-rate-ramp-duration", "0"}),
            "--request-rate-ramp-duration must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--request-rate", "5", "--request-rate-series", "x.json"}),
            "--request-rate cannot be combined with --request-rate-series");
}

}  // namespace
}  // namespace aiperf
