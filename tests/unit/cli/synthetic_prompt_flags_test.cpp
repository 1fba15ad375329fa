// --seq-dist, prefix-prompt, shared-system and user-context flags (workloads-and-endpoints.md
// §2.5, §2.7, §2.8).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/profile_cli.h"
#include "cli/sequence_distribution_flag.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

using cli_test::parse_flags;

std::string one_line_error(std::vector<std::string> args) {
  try {
    parse_flags(std::move(args));
  } catch (const ConfigError& e) {
    std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    return msg;
  }
  ADD_FAILURE() << "no ConfigError";
  return "";
}

std::string seq_dist_error(std::string_view text) {
  try {
    parse_sequence_distribution("--seq-dist", text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError for " << text;
  return "";
}

const std::vector<SequenceLengthBucket> kTwoBuckets = {{128, 0, 64, 0, 25}, {512, 20, 128, 5, 75}};

TEST(SequenceDistributionFlag, ThreeSpellingsAgree) {
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", "128,64:25;512|20,128|5:75"), kTwoBuckets);
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", " 128, 64 : 25 ; 512|20,128|5:75; "),
            kTwoBuckets);
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", "[(128,64):25,(512|20,128|5):75]"),
            kTwoBuckets);
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", "[ (128,64):25, (512|20,128|5) : 75 ]"),
            kTwoBuckets);
  EXPECT_EQ(parse_sequence_distribution(
                "--seq-dist",
                R"({"pairs":[{"isl":128,"osl":64,"prob":25},)"
                R"({"isl":512,"isl_stddev":20,"osl":128,"osl_stddev":5,"prob":75}]})"),
            kTwoBuckets);
}

TEST(SequenceDistributionFlag, SinglePairAndRelativeWeights) {
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", "256,128:1"),
            (std::vector<SequenceLengthBucket>{{256, 0, 128, 0, 1}}));
  auto b = parse_sequence_distribution("--seq-dist", "1,2:0.5;3,4:3;5,6:0");
  ASSERT_EQ(b.size(), 3u);
  EXPECT_DOUBLE_EQ(b[0].weight, 0.5);
  EXPECT_DOUBLE_EQ(b[2].weight, 0.0);
}

TEST(SequenceDistributionFlag, ErrorsNameTheFlagAndThePiece) {
  EXPECT_THAT(seq_dist_error(""), HasSubstr("--seq-dist: empty distribution"));
  EXPECT_THAT(seq_dist_error("128,64"), HasSubstr("missing ':WEIGHT' in pair '128,64'"));
  EXPECT_THAT(seq_dist_error("128:5"), HasSubstr("exactly one ISL,OSL"));
  EXPECT_THAT(seq_dist_error("128,64,3:5"), HasSubstr("exactly one ISL,OSL"));
  EXPECT_THAT(seq_dist_error("abc,64:5"), HasSubstr("length 'abc' is not an integer"));
  EXPECT_THAT(seq_dist_error("12.5,64:5"), HasSubstr("length '12.5' is not an integer"));
  EXPECT_THAT(seq_dist_error("0,64:5"), HasSubstr("lengths must be >= 1"));
  EXPECT_THAT(seq_dist_error("10|-1,64:5"), HasSubstr("stddev must be >= 0"));
  EXPECT_THAT(seq_dist_error("10|x,64:5"), HasSubstr("stddev 'x' is not a number"));
  EXPECT_THAT(seq_dist_error("10,64:-1"), HasSubstr("weight must be >= 0"));
  EXPECT_THAT(seq_dist_error("10,64:w"), HasSubstr("weight 'w' is not a number"));
  EXPECT_THAT(seq_dist_error("10,64:0;5,5:0"), HasSubstr("weights must not all be 0"));
  EXPECT_THAT(seq_dist_error("[(10,64):1"), HasSubstr("missing closing ']'"));
  EXPECT_THAT(seq_dist_error("[(10,64)]"), HasSubstr("missing ':WEIGHT'"));
  EXPECT_THAT(seq_dist_error("[10,64:1]"), HasSubstr("expected '('"));
  EXPECT_THAT(seq_dist_error("{\"pairs\":"), HasSubstr("invalid JSON"));
  EXPECT_THAT(seq_dist_error(R"({"buckets":[]})"), HasSubstr("must be {\"pairs\""));
  EXPECT_THAT(seq_dist_error(R"({"pairs":[{"isl":1,"osl":2}]})"), HasSubstr("needs isl, osl and prob"));
  EXPECT_THAT(seq_dist_error(R"({"pairs":[{"isl":1,"osl":2,"prob":1,"p":1}]})"),
              HasSubstr("unknown key 'p'"));
  EXPECT_THAT(seq_dist_error(R"({"pairs":[{"isl":"1","osl":2,"prob":1}]})"),
              HasSubstr("'isl' is not a number"));
  EXPECT_THAT(seq_dist_error(R"({"pairs":[]})"), HasSubstr("no ISL,OSL pairs"));
}

TEST(SyntheticPromptFlags, AliasesReachTheConfig) {
  ProfileConfig c = parse_flags({"--sequence-distribution", "100,10:1", "--num-prefix-prompts", "4",
                           "--prefix-prompt-length", "30"});
  EXPECT_EQ(c.sequence_distribution, (std::vector<SequenceLengthBucket>{{100, 0, 10, 0, 1}}));
  EXPECT_EQ(c.prefix_pool_size, 4);
  EXPECT_EQ(c.prefix_length, 30);
  c = parse_flags({"--prompt-prefix-pool-size", "2", "--prompt-prefix-length", "5"});
  EXPECT_EQ(c.prefix_pool_size, 2);
  EXPECT_EQ(c.prefix_length, 5);
  c = parse_flags({"--prefix-prompt-pool-size", "3"});
  EXPECT_EQ(c.prefix_pool_size, 3);  // upstream: a pool with length 0 just disables prefixes
  c = parse_flags({"--shared-system-prompt-length", "100", "--user-context-prompt-length", "50"});
  EXPECT_EQ(c.shared_system_prompt_length, 100);
  EXPECT_EQ(c.user_context_prompt_length, 50);
  c = parse_flags({});
  EXPECT_TRUE(c.sequence_distribution.empty());
  EXPECT_EQ(c.prefix_pool_size, 0);
  EXPECT_FALSE(c.shared_system_prompt_length);
  EXPECT_FALSE(c.user_context_prompt_length);
}

TEST(SyntheticPromptFlags, ConfigJsonRecordsThem) {
  ProfileConfig c = parse_flags({"--seq-dist", "[(128,64):25,(512|20,128|5):75]", "--shared-system-prompt-length",
                           "7"});
  nlohmann::json prompt = c.to_json()["input"]["prompt"];
  EXPECT_EQ(prompt["sequence_distribution"], "128,64:25.0;512|20.0,128|5.0:75.0");
  EXPECT_EQ(parse_sequence_distribution("--seq-dist", prompt["sequence_distribution"].get<std::string>()),
            kTwoBuckets);
  EXPECT_EQ(prompt["prefix_prompt"]["shared_system_prompt_length"], 7);
  EXPECT_EQ(prompt["prefix_prompt"]["pool_size"], 0);
  EXPECT_FALSE(prompt["prefix_prompt"].contains("user_context_prompt_length"));
}

TEST(SyntheticPromptFlags, Errors) {
  EXPECT_EQ(one_line_error({"--prompt-prefix-length", "20"}),
            "--prompt-prefix-length 20 needs --prompt-prefix-pool-size >= 1 (the prefix pool is empty)");
  EXPECT_EQ(one_line_error({"--prefix-prompt-length", "20", "--num-prefix-prompts", "0"}),
            "--prefix-prompt-length 20 needs --prompt-prefix-pool-size >= 1 (the prefix pool is empty)");
  EXPECT_EQ(one_line_error({"--num-prefix-prompts", "2", "--prompt-prefix-length", "5",
                      "--shared-system-prompt-length", "9"}),
            "--num-prefix-prompts cannot be combined with --shared-system-prompt-length");
  EXPECT_EQ(one_line_error({"--prompt-prefix-pool-size", "2", "--prompt-prefix-length", "5",
                      "--user-context-prompt-length", "9"}),
            "--prompt-prefix-pool-size cannot be combined with --user-context-prompt-length");
  EXPECT_EQ(one_line_error({"--endpoint-type", "completions", "--shared-system-prompt-length", "9"}),
            "--shared-system-prompt-length needs a chat endpoint (--endpoint-type completions has "
            "no system/user roles)");
  EXPECT_EQ(one_line_error({"--endpoint-type", "completions", "--user-context-prompt-length", "9"}),
            "--user-context-prompt-length needs a chat endpoint (--endpoint-type completions has "
            "no system/user roles)");
  EXPECT_EQ(one_line_error({"--shared-system-prompt-length", "0"}),
            "--shared-system-prompt-length must be >= 1 (got 0)");
  EXPECT_EQ(one_line_error({"--prompt-prefix-length", "-1"}), "--prompt-prefix-length must be >= 0 (got -1)");
  EXPECT_THAT(one_line_error({"--sequence-distribution", "5,5"}),
              HasSubstr("--sequence-distribution: missing ':WEIGHT'"));
}

}  // namespace
}  // namespace aiperf
