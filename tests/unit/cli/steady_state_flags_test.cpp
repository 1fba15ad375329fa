// --steady-state* (metrics-and-outputs.md §7.10, docs/steady_state.md): defaults, conversion,
// the errors that name the option, and the YAML keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;

TEST(SteadyStateFlags, OffUnlessAsked) {
  EXPECT_FALSE(parse_flags({}).steady_state);
  EXPECT_FALSE(parse_flags({}).to_json()["output"].contains("steady_state"));
  const ProfileConfig c = parse_flags({"--steady-state"});
  ASSERT_TRUE(c.steady_state);
  EXPECT_FALSE(c.steady_state->manual());
  EXPECT_EQ(c.steady_state->min_window_pct, 10);
  EXPECT_EQ(c.steady_state->bootstrap_iterations, 1000);
  EXPECT_EQ(c.to_json()["output"]["steady_state"]["bootstrap_iterations"], 1000);
}

TEST(SteadyStateFlags, Conversion) {
  const ProfileConfig c = parse_flags({"--steady-state", "--steady-state-start-pct", "0", "--steady-state-end-pct",
                                       "100", "--steady-state-min-window-pct", "25",
                                       "--steady-state-bootstrap-iterations", "0"});
  ASSERT_TRUE(c.steady_state && c.steady_state->manual());
  EXPECT_EQ(*c.steady_state->start_pct, 0);
  EXPECT_EQ(*c.steady_state->end_pct, 100);
  EXPECT_EQ(c.steady_state->min_window_pct, 25);
  EXPECT_EQ(c.steady_state->bootstrap_iterations, 0);
}

TEST(SteadyStateFlags, BadValuesNameTheOption) {
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-start-pct", "50", "--steady-state-end-pct", "50"}),
              HasSubstr("--steady-state-end-pct (50) must be above --steady-state-start-pct (50)"));
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-start-pct", "100", "--steady-state-end-pct", "100"}),
              HasSubstr("--steady-state-start-pct must be a percentage in [0, 100), got 100"));
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-start-pct", "1", "--steady-state-end-pct", "0"}),
              HasSubstr("--steady-state-end-pct must be a percentage in (0, 100], got 0"));
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-end-pct", "50"}),
              HasSubstr("--steady-state-end-pct needs --steady-state-start-pct"));
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-min-window-pct", "-1"}),
              HasSubstr("--steady-state-min-window-pct must be a percentage in [0, 100]"));
  EXPECT_THAT(flag_error({"--steady-state", "--steady-state-bootstrap-iterations", "1000001"}),
              HasSubstr("--steady-state-bootstrap-iterations must be at most 1000000"));
  EXPECT_THAT(flag_error({"--steady-state-bootstrap-iterations", "10"}),
              HasSubstr("--steady-state-bootstrap-iterations needs --steady-state"));
}

TEST(SteadyStateFlags, YamlKeys) {
  test_support::TempTextFile f(
      "benchmark:\n  model: m\n  artifacts:\n    steady_state: {enabled: true, start_pct: 10, end_pct: 90, "
      "min_window_pct: 5, bootstrap_iterations: 200}\n");
  const auto c = parse_profile_args({"-f", f.path});
  ASSERT_TRUE(c && c->steady_state);
  EXPECT_EQ(*c->steady_state->start_pct, 10);
  EXPECT_EQ(*c->steady_state->end_pct, 90);
  EXPECT_EQ(c->steady_state->min_window_pct, 5);
  EXPECT_EQ(c->steady_state->bootstrap_iterations, 200);
}

}  // namespace
}  // namespace aiperf
