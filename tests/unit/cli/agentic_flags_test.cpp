// Agentic replay options and the --scenario lock (workloads-and-endpoints.md §5.4,
// cli-and-load.md §3.10-§3.12, docs/agentic.md): what selects the mode, the values, the locks'
// values and conflicts, and the inputs refused with one error naming the option.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "../support/temp_text_file.h"
#include "parse_helpers.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;
using test_support::TempTextFile;

const char* kTrace =
    R"({"id": "t", "models": ["m"], "block_size": 16, "hash_id_scope": "local", "tool_tokens": 0,
        "system_tokens": 0, "requests": [{"t": 0, "type": "n", "model": "m", "in": 16, "out": 1, "hash_ids": [1]}]})";

std::vector<std::string> weka(const TempTextFile& f, std::vector<std::string> more) {
  std::vector<std::string> args = {"--input-file", f.path, "--custom-dataset-type", "weka_trace"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(AgenticFlags, TheReplayOptionsSelectTheModeAndConvert) {
  TempTextFile f(kTrace);
  EXPECT_FALSE(parse_flags(weka(f, {})).agentic.enabled);  // plain DAG sessions
  const ProfileConfig c = parse_flags(weka(f, {"--trajectory-start-min-ratio", "0.1", "--trajectory-start-max-ratio",
                                               "0.6", "--burst-phase-starts", "--system-idle-gap-cap-seconds", "2",
                                               "--agentic-cache-warmup-duration", "30",
                                               "--agentic-warmup-grace-period", "inf", "--concurrency", "4"}));
  EXPECT_TRUE(c.agentic.enabled);
  EXPECT_DOUBLE_EQ(c.agentic.start_min_ratio, 0.1);
  EXPECT_DOUBLE_EQ(c.agentic.start_max_ratio, 0.6);
  EXPECT_TRUE(c.agentic.burst_phase_starts);
  EXPECT_FALSE(c.agentic.end_to_start_delays);
  EXPECT_EQ(c.agentic.system_idle_gap_cap_s, 2.0);
  EXPECT_EQ(c.agentic.cache_warmup_duration_s, 30.0);
  EXPECT_TRUE(std::isinf(c.agentic.warmup_grace_s));
  EXPECT_FALSE(c.agentic.allow_dataset_wrap);
  // Defaults 0.25 / 0.75; wrapping follows --cache-bust unless given.
  const ProfileConfig d = parse_flags(weka(f, {"--burst-phase-starts", "--cache-bust", "first_turn_prefix"}));
  EXPECT_DOUBLE_EQ(d.agentic.start_min_ratio, 0.25);
  EXPECT_DOUBLE_EQ(d.agentic.start_max_ratio, 0.75);
  EXPECT_TRUE(d.agentic.allow_dataset_wrap);
  EXPECT_FALSE(parse_flags(weka(f, {"--burst-phase-starts", "--cache-bust", "first_turn_prefix",
                                    "--no-allow-dataset-wrap"}))
                   .agentic.allow_dataset_wrap);
  const ProfileConfig g = parse_flags(weka(f, {"--session-arrival-rate", "3", "--session-arrival-smoothness", "2"}));
  EXPECT_EQ(g.agentic.session_arrival_rate, 3.0);
  EXPECT_EQ(g.agentic.session_arrival_pattern, ArrivalPattern::gamma);
  EXPECT_EQ(parse_flags({"--num-warmup-sessions", "3"}).num_warmup_sessions, 3);
  EXPECT_TRUE(parse_flags({"--num-warmup-sessions", "3"}).has_warmup());
}

TEST(AgenticFlags, RefusedInputsNameTheOption) {
  TempTextFile f(kTrace);
  EXPECT_EQ(flag_error(weka(f, {"--trajectory-start-max-ratio", "1.5"})),
            "--trajectory-start-max-ratio must be between 0 and 1 (got 1.5)");
  EXPECT_EQ(flag_error(weka(f, {"--trajectory-start-min-ratio", "0.8", "--trajectory-start-max-ratio", "0.5"})),
            "--trajectory-start-min-ratio 0.8 must be <= --trajectory-start-max-ratio 0.5");
  EXPECT_EQ(flag_error(weka(f, {"--burst-phase-starts", "--request-rate", "4"})),
            "--request-rate cannot be combined with agentic replay (docs/agentic.md)");
  EXPECT_THAT(flag_error({"--burst-phase-starts"}), HasSubstr("replays recorded trajectories"));
  EXPECT_EQ(flag_error(weka(f, {"--session-arrival-pattern", "constant"})),
            "--session-arrival-pattern requires --session-arrival-rate");
  EXPECT_EQ(flag_error(weka(f, {"--session-arrival-rate", "2", "--session-arrival-pattern", "constant",
                                "--session-arrival-smoothness", "2"})),
            "--session-arrival-smoothness requires --session-arrival-pattern gamma (got constant)");
  EXPECT_EQ(flag_error({"--num-warmup-sessions", "2", "--warmup-request-count", "3"}),
            "--num-warmup-sessions and --warmup-request-count are mutually exclusive (cli-and-load.md §4.12)");
  EXPECT_EQ(flag_error(weka(f, {"--burst-phase-starts", "--cache-bust", "warmup_isolation_first_turn"})),
            "--cache-bust warmup_isolation_first_turn cannot be combined with agentic replay (its warm-up primes the "
            "cache the profiled turns reuse)");
}

TEST(AgenticFlags, TheScenarioLocksItsValues) {
  TempTextFile f(kTrace);
  const ProfileConfig c = parse_flags(weka(f, {"--scenario", "inferencex-agentx-mvp"}));
  EXPECT_EQ(c.scenario.name, "inferencex-agentx-mvp");
  EXPECT_TRUE(c.scenario.submission_valid());
  EXPECT_TRUE(c.agentic.enabled);
  EXPECT_TRUE(c.streaming);
  EXPECT_TRUE(c.agentic.end_to_start_delays);
  EXPECT_EQ(c.trace_idle_gap_cap_s, 10.0);
  EXPECT_EQ(c.cache_bust, CacheBust::first_turn_prefix);
  EXPECT_EQ(c.extra_inputs["ignore_eos"], true);
  EXPECT_EQ(c.benchmark_duration, 1800.0);
  EXPECT_DOUBLE_EQ(c.agentic.start_min_ratio, 0.0);
  EXPECT_DOUBLE_EQ(c.agentic.start_max_ratio, 1.0);
  EXPECT_TRUE(c.random_seed.has_value());
  EXPECT_TRUE(c.agentic.allow_dataset_wrap);
  // InferenceX's own command narrows the window: kept.
  const ProfileConfig n = parse_flags(weka(f, {"--scenario", "inferencex-agentx-mvp", "--trajectory-start-min-ratio",
                                               "0.25", "--trajectory-start-max-ratio", "0.75", "--random-seed", "42"}));
  EXPECT_DOUBLE_EQ(n.agentic.start_min_ratio, 0.25);
  EXPECT_EQ(n.random_seed, 42u);
}

TEST(AgenticFlags, ScenarioConflictsAreErrorsOrWithOverrideWarnings) {
  TempTextFile f(kTrace);
  const std::string e = flag_error(weka(f, {"--scenario", "inferencex-agentx-mvp", "--benchmark-duration", "60",
                                            "--ignore-trace-delays", "--cache-bust", "system_prefix",
                                            "--trace-idle-gap-cap-seconds", "30", "--extra-inputs", "ignore_eos:false"}));
  EXPECT_THAT(e, HasSubstr("--scenario inferencex-agentx-mvp locks these options"));
  for (const char* flag : {"--benchmark-duration", "--ignore-trace-delays", "--cache-bust",
                           "--trace-idle-gap-cap-seconds", "--extra-inputs"})
    EXPECT_THAT(e, HasSubstr(std::string("\n  ") + flag + ":")) << flag;
  EXPECT_THAT(flag_error(weka(f, {"--scenario", "inferencex-agentx-mvp", "--request-rate", "2"})),
              HasSubstr("--request-rate cannot be combined with agentic replay"));
  testing::internal::CaptureStderr();
  const ProfileConfig o =
      parse_flags(weka(f, {"--scenario", "inferencex-agentx-mvp", "--unsafe-override", "--benchmark-duration", "60"}));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_THAT(err, HasSubstr("warning: --unsafe-override: --benchmark-duration: the scenario needs at least 900 s"));
  EXPECT_FALSE(o.scenario.submission_valid());
  EXPECT_EQ(o.benchmark_duration, 60.0);
  EXPECT_EQ(flag_error(weka(f, {"--scenario", "agentx-next"})),
            "--scenario 'agentx-next' is unknown (the built-in scenario: inferencex-agentx-mvp)");
  EXPECT_EQ(flag_error({"--unsafe-override"}), "--unsafe-override requires --scenario");
  TempTextFile dag(R"({"session_id": "a", "turns": [{"messages": [{"role": "user", "content": "x"}]}]})");
  EXPECT_THAT(flag_error({"--input-file", dag.path, "--custom-dataset-type", "dag_jsonl", "--scenario",
                          "inferencex-agentx-mvp"}),
              HasSubstr("replays recorded trajectories"));
}

}  // namespace
}  // namespace aiperf
