// --wait-for-model-*, --reset-kv-cache*, --server-profiler* (cli-and-load.md §3.1,
// docs/server-hooks.md): defaults, conversion, the errors that name the option, and YAML keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "parse_helpers.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;
using cli_test::flag_error;
using cli_test::parse_flags;

TEST(ServerHookFlags, DefaultsAreUpstreams) {
  const ServerHookSettings h = parse_flags({}).server_hooks;
  EXPECT_FALSE(h.any());
  EXPECT_EQ(h.wait_for_model_timeout_s, 0);
  EXPECT_EQ(h.wait_for_model_mode, WaitForModelMode::inference);
  EXPECT_EQ(h.wait_for_model_interval_s, 5);
  EXPECT_EQ(h.reset_kv_cache_path, "/reset_prefix_cache");
  EXPECT_EQ(h.reset_kv_cache_timeout_s, 30);
  EXPECT_EQ(h.server_profiler_start_path, "/start_profile");
  EXPECT_EQ(h.server_profiler_stop_path, "/stop_profile");
  EXPECT_EQ(h.server_profiler_timeout_s, 30);
  // input_config is unchanged for runs without hooks.
  EXPECT_FALSE(parse_flags({}).to_json()["endpoint"].contains("wait_for_model_timeout"));
}

TEST(ServerHookFlags, Conversion) {
  const ProfileConfig c = parse_flags({"--wait-for-model-timeout", "120", "--wait-for-model-mode", "BOTH",
                                       "--wait-for-model-interval", "0.5", "--reset-kv-cache",
                                       "--reset-kv-cache-path", "slots/0?action=erase",
                                       "--reset-kv-cache-timeout-seconds", "5", "--server-profiler",
                                       "--server-profiler-start-path", "/p/start", "--server-profiler-stop-path",
                                       "/p/stop", "--server-profiler-timeout-seconds", "2.5"});
  const ServerHookSettings& h = c.server_hooks;
  EXPECT_TRUE(h.wait_for_model());
  EXPECT_EQ(h.wait_for_model_timeout_s, 120);
  EXPECT_EQ(h.wait_for_model_mode, WaitForModelMode::both);
  EXPECT_EQ(h.wait_for_model_interval_s, 0.5);
  EXPECT_TRUE(h.reset_kv_cache);
  EXPECT_EQ(h.reset_kv_cache_path, "/slots/0?action=erase");  // the leading '/' added, the query kept
  EXPECT_EQ(h.reset_kv_cache_timeout_s, 5);
  EXPECT_TRUE(h.server_profiler);
  EXPECT_EQ(h.server_profiler_start_path, "/p/start");
  EXPECT_EQ(h.server_profiler_stop_path, "/p/stop");
  EXPECT_EQ(h.server_profiler_timeout_s, 2.5);
  const auto endpoint = c.to_json()["endpoint"];
  EXPECT_EQ(endpoint["wait_for_model_mode"], "both");
  EXPECT_EQ(endpoint["reset_kv_cache_path"], "/slots/0?action=erase");
  EXPECT_EQ(endpoint["server_profiler_timeout_seconds"], 2.5);
  // As upstream: a mode or interval without a timeout is accepted and does nothing.
  EXPECT_FALSE(parse_flags({"--wait-for-model-mode", "models"}).server_hooks.wait_for_model());
  EXPECT_EQ(parse_flags({"--wait-for-model-timeout", "0"}).server_hooks.wait_for_model_timeout_s, 0);
}

TEST(ServerHookFlags, ErrorsNameTheOption) {
  EXPECT_EQ(flag_error({"--wait-for-model-timeout", "-1"}), "--wait-for-model-timeout must be >= 0 (got -1)");
  EXPECT_EQ(flag_error({"--wait-for-model-interval", "0"}), "--wait-for-model-interval must be > 0 (got 0)");
  EXPECT_THAT(flag_error({"--wait-for-model-mode", "health"}),
              HasSubstr("--wait-for-model-mode: invalid choice 'health' (choose from models, inference, both)"));
  EXPECT_EQ(flag_error({"--reset-kv-cache-timeout-seconds", "0"}), "--reset-kv-cache-timeout-seconds must be > 0 (got 0)");
  EXPECT_EQ(flag_error({"--server-profiler-timeout-seconds", "nan"}).rfind("--server-profiler-timeout-seconds", 0), 0u);
  EXPECT_EQ(flag_error({"--reset-kv-cache-path", ""}), "--reset-kv-cache-path: empty path");
  EXPECT_THAT(flag_error({"--server-profiler-start-path", "/a b"}), HasSubstr("--server-profiler-start-path: contains a space"));
  EXPECT_THAT(flag_error({"--server-profiler-stop-path", "/a\r\nX: y"}), HasSubstr("--server-profiler-stop-path: contains a control"));
  EXPECT_EQ(flag_error({"--reset-kv-cache", "--auth-type", "sigv4", "--aws-region", "us-east-1", "--aws-service",
                        "execute-api"}),
            "--reset-kv-cache: the server hooks send plain HTTP, which --auth-type sigv4 does not accept (unsigned)");
  EXPECT_THAT(flag_error({"--wait-for-model-timeout", "5", "--sagemaker-endpoint-name", "e", "--aws-region", "us-east-1"}),
              HasSubstr("--wait-for-model-timeout: the server hooks send plain HTTP, which a SageMaker endpoint"));
}

TEST(ServerHookFlags, YamlReadyCheckKeys) {
  test_support::TempTextFile f(
      "benchmark:\n  model: m\n  endpoint:\n    ready_check_timeout: 30\n    ready_check_mode: models\n"
      "    ready_check_interval: 2\n");
  const auto c = parse_profile_args({"-f", f.path});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->server_hooks.wait_for_model_timeout_s, 30);
  EXPECT_EQ(c->server_hooks.wait_for_model_mode, WaitForModelMode::models);
  EXPECT_EQ(c->server_hooks.wait_for_model_interval_s, 2);
  test_support::TempTextFile bad("benchmark:\n  model: m\n  endpoint: {ready_check_mode: sometimes}\n");
  try {
    parse_profile_args({"-f", bad.path});
    ADD_FAILURE() << "no ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("endpoint.ready_check_mode: invalid choice 'sometimes'"));
  }
}

}  // namespace
}  // namespace aiperf
