// The pure parts of the server control hooks (telemetry/server_hooks.h): the reset's retry
// schedule and budget, which statuses are retried, the /v1/models check and the URL join.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "telemetry/server_hooks.h"

namespace aiperf {
namespace {

TEST(ServerHooks, ResetBackoffDoublesToEightSeconds) {
  std::vector<double> delays;
  for (int retry = 1; retry <= 7; ++retry) delays.push_back(reset_retry_delay(retry));
  EXPECT_EQ(delays, (std::vector<double>{1, 2, 4, 8, 8, 8, 8}));
}

TEST(ServerHooks, ResetRetriesStopAtTheSixtySecondBudget) {
  // Instant replies: retries start at 1, 3, 7, 15, 23, ... s; the last that starts within 60 s is at 55 s.
  double elapsed = 0;
  int retries = 0;
  while (std::optional<double> d = next_reset_retry(retries, elapsed)) {
    elapsed += *d;
    ++retries;
  }
  EXPECT_EQ(retries, 9);
  EXPECT_EQ(elapsed, 55);
  EXPECT_FALSE(next_reset_retry(0, 59.5).has_value());  // a slow first POST leaves no room
  EXPECT_FALSE(next_reset_retry(0, 0, 0.5).has_value());
  EXPECT_EQ(next_reset_retry(2, 10).value_or(-1), 4.0);
}

TEST(ServerHooks, OnlyBusyStatusesAreRetried) {
  for (long s : {409L, 423L, 429L, 503L}) EXPECT_TRUE(reset_status_retryable(s)) << s;
  for (long s : {0L, 200L, 400L, 401L, 404L, 405L, 500L, 502L, 504L}) EXPECT_FALSE(reset_status_retryable(s)) << s;
}

TEST(ServerHooks, ModelListMustNameEveryModel) {
  const std::string list = R"({"object":"list","data":[{"id":"a","object":"model"},{"id":"b"}]})";
  EXPECT_EQ(missing_model(list, {"a"}), "");
  EXPECT_EQ(missing_model(list, {"a", "b"}), "");
  EXPECT_EQ(missing_model(list, {"a", "c"}), "c");
  // A server that lists nothing (or not in OpenAI's shape) cannot say no.
  EXPECT_EQ(missing_model(R"({"data":[]})", {"a"}), "");
  EXPECT_EQ(missing_model("not json", {"a"}), "");
  EXPECT_EQ(missing_model(R"({"models":["x"]})", {"a"}), "");
}

TEST(ServerHooks, HookUrlJoinsOriginAndPath) {
  EXPECT_EQ(hook_url("http://127.0.0.1:8000", "/reset_prefix_cache"), "http://127.0.0.1:8000/reset_prefix_cache");
  EXPECT_EQ(hook_url("http://[::1]:8000", "slots/0?action=erase"), "http://[::1]:8000/slots/0?action=erase");
}

}  // namespace
}  // namespace aiperf
