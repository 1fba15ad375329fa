// --prefill-concurrency (+ ramp, warm-up twins) and --request-cancellation-* (cli-and-load.md
// §3.10, §3.12, §3.14, §4.12).
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(LoadControlFlags, PrefillConcurrencyAndItsRamps) {
  ProfileConfig c = parse_flags({"--streaming", "--concurrency", "8", "--prefill-concurrency", "2",
                           "--prefill-concurrency-ramp-duration", "1.5", "--warmup-prefill-concurrency", "1",
                           "--warmup-prefill-concurrency-ramp-duration", "0.5"});
  EXPECT_EQ(c.prefill_concurrency, std::optional<int64_t>(2));
  EXPECT_EQ(c.prefill_concurrency_ramp_duration, std::optional<double>(1.5));
  EXPECT_EQ(c.warmup_prefill_concurrency, std::optional<int64_t>(1));
  EXPECT_EQ(c.warmup_prefill_concurrency_ramp_duration, std::optional<double>(0.5));
  auto j = c.to_json()["loadgen"];
  EXPECT_EQ(j["prefill_concurrency"], 2);
  EXPECT_EQ(j["prefill_concurrency_ramp_duration"], 1.5);
  EXPECT_FALSE(parse_flags({}).to_json()["loadgen"].contains("prefill_concurrency"));
}

TEST(LoadControlFlags, PrefillConcurrencyValidation) {
  EXPECT_EQ(flag_error({"--prefill-concurrency", "2"}), "--prefill-concurrency requires --streaming");
  EXPECT_EQ(flag_error({"--streaming", "--concurrency", "2", "--prefill-concurrency", "3"}),
            "--prefill-concurrency 3 must be <= --concurrency 2");
  EXPECT_EQ(flag_error({"--streaming", "--concurrency", "2", "--warmup-request-count", "4",
                      "--warmup-prefill-concurrency", "3"}),
            "--warmup-prefill-concurrency 3 must be <= --concurrency 2");
  EXPECT_EQ(flag_error({"--streaming", "--prefill-concurrency", "0"}), "--prefill-concurrency must be >= 1 (got 0)");
  EXPECT_EQ(flag_error({"--streaming", "--prefill-concurrency-ramp-duration", "2"}),
            "--prefill-concurrency-ramp-duration requires --prefill-concurrency");
  EXPECT_EQ(flag_error({"--streaming", "--prefill-concurrency", "1", "--prefill-concurrency-ramp-duration", "0"}),
            "--prefill-concurrency-ramp-duration must be > 0 (got 0)");
  // Equal is fine; rate mode without --concurrency has no ceiling to compare with.
  EXPECT_NO_THROW(parse_flags({"--streaming", "--concurrency", "2", "--prefill-concurrency", "2"}));
  EXPECT_NO_THROW(parse_flags({"--streaming", "--request-rate", "5", "--prefill-concurrency", "4"}));
}

TEST(LoadControlFlags, RequestCancellation) {
  ProfileConfig c = parse_flags({"--request-cancellation-rate", "12.5", "--request-cancellation-delay", "0.25"});
  EXPECT_EQ(c.request_cancellation_rate, std::optional<double>(12.5));
  EXPECT_EQ(c.request_cancellation_delay, 0.25);
  auto j = c.to_json()["loadgen"];
  EXPECT_EQ(j["request_cancellation_rate"], 12.5);
  EXPECT_EQ(j["request_cancellation_delay"], 0.25);
  ProfileConfig d = parse_flags({"--request-cancellation-rate", "100"});
  EXPECT_EQ(d.request_cancellation_delay, 0.0);
  EXPECT_FALSE(parse_flags({}).to_json()["loadgen"].contains("request_cancellation_rate"));
}

TEST(LoadControlFlags, RequestCancellationValidation) {
  EXPECT_EQ(flag_error({"--request-cancellation-delay", "1"}),
            "--request-cancellation-delay requires --request-cancellation-rate");
  EXPECT_EQ(flag_error({"--request-cancellation-rate", "0"}), "--request-cancellation-rate must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--request-cancellation-rate", "100.5"}),
            "--request-cancellation-rate must be <= 100 (got 100.5)");
  EXPECT_EQ(flag_error({"--request-cancellation-rate", "5", "--request-cancellation-delay", "-1"}),
            "--request-cancellation-delay must be >= 0 (got -1)");
}

}  // namespace
}  // namespace aiperf
