// --cache-bust (workloads-and-endpoints.md §2.9): its values, and the inputs it refuses with one
// error naming the option.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/temp_text_file.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;

TEST(CacheBustFlag, EveryValueParses) {
  EXPECT_EQ(parse_flags({}).cache_bust, CacheBust::none);
  EXPECT_EQ(parse_flags({"--cache-bust", "none"}).cache_bust, CacheBust::none);
  EXPECT_EQ(parse_flags({"--cache-bust", "system_prefix"}).cache_bust, CacheBust::system_prefix);
  EXPECT_EQ(parse_flags({"--cache-bust", "system-suffix"}).cache_bust, CacheBust::system_suffix);
  EXPECT_EQ(parse_flags({"--cache-bust", "first_turn_prefix"}).cache_bust, CacheBust::first_turn_prefix);
  EXPECT_EQ(parse_flags({"--cache-bust", "FIRST_TURN_SUFFIX"}).cache_bust, CacheBust::first_turn_suffix);
  EXPECT_EQ(parse_flags({"--cache-bust", "warmup_isolation_first_turn"}).cache_bust,
            CacheBust::warmup_isolation_first_turn);
  EXPECT_EQ(parse_flags({"--cache-bust", "warmup_isolation_system", "--shared-system-prompt-length", "8"}).cache_bust,
            CacheBust::warmup_isolation_system);
  for (const char* type : {"responses", "messages"})
    EXPECT_EQ(parse_flags({"--endpoint-type", type, "--cache-bust", "first_turn_prefix"}).cache_bust,
              CacheBust::first_turn_prefix);
  // It shows in the run's input config.
  EXPECT_EQ(parse_flags({"--cache-bust", "system_suffix"}).to_json()["input"]["prompt"]["cache_bust"], "system_suffix");
}

TEST(CacheBustFlag, RefusedInputs) {
  EXPECT_THAT(flag_error({"--cache-bust", "everywhere"}),
              HasSubstr("--cache-bust: invalid choice 'everywhere' (choose from none, system_prefix"));
  EXPECT_EQ(flag_error({"--endpoint-type", "completions", "--cache-bust", "first_turn_prefix"}),
            "--cache-bust first_turn_prefix needs --endpoint-type chat, responses or messages (the marker goes into a "
            "system or user message), not completions");
  EXPECT_THAT(flag_error({"--endpoint-type", "embeddings", "--cache-bust", "system_prefix"}),
              HasSubstr("needs --endpoint-type chat, responses or messages"));
  EXPECT_EQ(flag_error({"--cache-bust", "warmup_isolation_system"}),
            "--cache-bust warmup_isolation_system on synthetic prompts needs --shared-system-prompt-length (a system "
            "message for the marker; or use warmup_isolation_first_turn)");
  // Bodies sent byte for byte cannot take a marker.
  test_support::TempTextFile rows(R"({"messages":[{"role":"user","content":"hi"}],"model":"m"})" "\n");
  EXPECT_EQ(flag_error({"--input-file", rows.path, "--custom-dataset-type", "raw_payload", "--cache-bust",
                        "first_turn_prefix"}),
            "--cache-bust first_turn_prefix cannot be combined with --custom-dataset-type raw_payload (request bodies "
            "are sent unchanged)");
  // A file dataset brings its own system messages, or falls back to the first user turn.
  test_support::TempTextFile single(R"({"text":"hi"})" "\n");
  EXPECT_EQ(parse_flags({"--input-file", single.path, "--cache-bust", "warmup_isolation_system"}).cache_bust,
            CacheBust::warmup_isolation_system);
  // "none" is always fine, whatever the endpoint.
  EXPECT_EQ(parse_flags({"--endpoint-type", "completions", "--cache-bust", "none"}).cache_bust, CacheBust::none);
}

}  // namespace
}  // namespace aiperf
