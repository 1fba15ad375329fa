#include "cli/goodput_flag.h"

#include <gtest/gtest.h>

#include "cli/profile_cli.h"

namespace aiperf {
namespace {

std::string goodput_error(const std::vector<std::string>& items) {
  try {
    parse_goodput_flag(items);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(GoodputFlag, PairsFromOneStringOrSeveral) {
  EXPECT_EQ(parse_goodput_flag({"time_to_first_token:100 inter_token_latency:3.4"}),
            (std::vector<GoodputTarget>{{"time_to_first_token", 100}, {"inter_token_latency", 3.4}}));
  EXPECT_EQ(parse_goodput_flag({"  request_latency:250 ", "output_token_throughput_per_user:300"}),
            (std::vector<GoodputTarget>{{"request_latency", 250}, {"output_token_throughput_per_user", 300}}));
}

TEST(GoodputFlag, MalformedPairsNameTheFlag) {
  EXPECT_EQ(goodput_error({"time_to_first_token"}),
            "--goodput: 'time_to_first_token' is not TAG:VALUE (e.g. time_to_first_token:100)");
  EXPECT_EQ(goodput_error({":100"}), "--goodput: ':100' is not TAG:VALUE (e.g. time_to_first_token:100)");
  EXPECT_EQ(goodput_error({"request_latency:"}),
            "--goodput: 'request_latency:' is not TAG:VALUE (e.g. time_to_first_token:100)");
  EXPECT_EQ(goodput_error({"request_latency:fast"}),
            "--goodput request_latency: expected a number, got 'fast'");
  EXPECT_EQ(goodput_error({"request_latency:-1"}), "--goodput request_latency must be >= 0 (got -1)");
  EXPECT_EQ(goodput_error({"request_latency:1 request_latency:2"}),
            "--goodput: metric 'request_latency' is given twice");
  EXPECT_EQ(goodput_error({"  "}), "--goodput: no TAG:VALUE pair given");
}

TEST(GoodputFlag, ReachesTheConfig) {
  ProfileConfig c = *parse_profile_args({"-m", "m", "--goodput", "request_latency:100 time_to_first_token:5"});
  EXPECT_EQ(c.goodput, (std::vector<GoodputTarget>{{"request_latency", 100}, {"time_to_first_token", 5}}));
  EXPECT_EQ(c.to_json()["input"]["goodput"]["request_latency"], 100.0);
  EXPECT_TRUE(parse_profile_args({"-m", "m"})->goodput.empty());
}

}  // namespace
}  // namespace aiperf
