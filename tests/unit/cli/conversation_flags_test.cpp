#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(ConversationFlags, DefaultsAreSingleTurn) {
  ProfileConfig c = parse_flags({});
  EXPECT_FALSE(c.multi_turn());
  EXPECT_EQ(c.conversation_turn_mean, 1);
  EXPECT_EQ(c.conversation_turn_delay_ratio, 1.0);
  EXPECT_EQ(c.dataset_size(), 100);
}

TEST(ConversationFlags, AliasesAndValues) {
  ProfileConfig c = parse_flags({"--session-turns-mean", "3", "--session-turns-stddev", "1",
                           "--session-turn-delay-mean", "250", "--session-turn-delay-stddev", "10.5",
                           "--session-delay-ratio", "0.5", "--num-sessions", "7"});
  EXPECT_TRUE(c.multi_turn());
  EXPECT_EQ(c.conversation_turn_mean, 3);
  EXPECT_EQ(c.conversation_turn_stddev, 1.0);
  EXPECT_EQ(c.conversation_turn_delay_mean_ms, 250.0);
  EXPECT_EQ(c.conversation_turn_delay_stddev_ms, 10.5);
  EXPECT_EQ(c.conversation_turn_delay_ratio, 0.5);
  EXPECT_EQ(c.conversation_num, 7);
  EXPECT_EQ(c.dataset_size(), 7);               // sizes the dataset...
  EXPECT_EQ(c.effective_request_count(), std::nullopt);  // ...and is the stop condition
  EXPECT_EQ(parse_flags({"--num-conversations", "4", "--num-dataset-entries", "9"}).dataset_size(), 9);
  EXPECT_EQ(parse_flags({"--conversation-num", "4"}).conversation_num, 4);
  auto j = c.to_json()["input"]["conversation"];
  EXPECT_EQ(j["num"], 7);
  EXPECT_EQ(j["turn"]["mean"], 3);
  EXPECT_EQ(j["turn"]["delay"]["ratio"], 0.5);
}

TEST(ConversationFlags, BadInput) {
  EXPECT_EQ(flag_error({"--conversation-num", "5", "--request-count", "5"}),
            "--request-count cannot be combined with --conversation-num (both are stop conditions; give one)");
  EXPECT_EQ(flag_error({"--conversation-turn-mean", "0"}), "--conversation-turn-mean must be >= 1 (got 0)");
  EXPECT_EQ(flag_error({"--session-turn-delay-mean", "-1"}), "--session-turn-delay-mean must be >= 0 (got -1)");
  EXPECT_EQ(flag_error({"--conversation-turn-mean", "2", "--endpoint-type", "completions"}),
            "--conversation-turn-mean: multi-turn conversations need a chat endpoint (--endpoint-type "
            "completions cannot carry history)");
}

TEST(UserCentricFlags, Accepted) {
  ProfileConfig c = parse_flags({"--user-centric-rate", "20", "--num-users", "4", "--session-turns-mean", "3"});
  ASSERT_TRUE(c.user_centric_rate);
  EXPECT_EQ(*c.user_centric_rate, 20.0);
  EXPECT_EQ(c.num_users, 4);
  EXPECT_TRUE(c.user_centric_mode());
  EXPECT_FALSE(c.rate_mode());
  EXPECT_EQ(c.effective_request_count(), 10);  // the usual default stop condition
  auto j = c.to_json()["loadgen"];
  EXPECT_EQ(j["user_centric_rate"], 20.0);
  EXPECT_EQ(j["num_users"], 4);
  EXPECT_FALSE(j.contains("concurrency"));  // no ceiling unless given
}

TEST(UserCentricFlags, ValidationRows) {
  const std::vector<std::string> ok = {"--user-centric-rate", "20", "--num-users", "4",
                                       "--conversation-turn-mean", "3"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> a = ok;
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  EXPECT_EQ(flag_error(with({"--request-rate", "5"})),
            "--user-centric-rate cannot be combined with --request-rate");
  EXPECT_EQ(flag_error(with({"--arrival-pattern", "constant"})),
            "--user-centric-rate cannot be combined with --arrival-pattern");
  EXPECT_EQ(flag_error({"--user-centric-rate", "20", "--conversation-turn-mean", "3"}),
            "--user-centric-rate requires --num-users");
  EXPECT_EQ(flag_error({"--num-users", "3"}), "--num-users requires --user-centric-rate");
  EXPECT_EQ(flag_error({"--user-centric-rate", "20", "--num-users", "4"}),
            "--user-centric-rate needs multi-turn conversations: --conversation-turn-mean >= 2 (got 1)");
  EXPECT_EQ(flag_error(with({"--request-count", "3"})), "--request-count 3 is less than --num-users 4");
  EXPECT_EQ(flag_error(with({"--num-sessions", "2"})), "--num-sessions 2 is less than --num-users 4");
  EXPECT_EQ(flag_error({"--user-centric-rate", "0", "--num-users", "4"}), "--user-centric-rate must be > 0 (got 0)");
}

}  // namespace
}  // namespace aiperf
