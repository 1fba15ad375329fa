#include "config/env_settings.h"

#include <filesystem>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "config/profile_config.h"

namespace aiperf {
namespace {

using ::testing::HasSubstr;

EnvSettings read(const std::map<std::string, std::string>& env) {
  return read_env_settings([&](const std::string& name) -> std::optional<std::string> {
    auto it = env.find(name);
    return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
  });
}

std::string error_of(const std::map<std::string, std::string>& env) {
  try {
    read(env);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(EnvSettings, UnsetAndEmptyVariablesKeepTheirDefaults) {
  const EnvSettings defaults;
  for (const auto& env : {std::map<std::string, std::string>{},
                          std::map<std::string, std::string>{{"AIPERF_HTTP_MAX_RESPONSE_BYTES", ""},
                                                             {"AIPERF_DEV_MODE", ""}}}) {
    const EnvSettings s = read(env);
    EXPECT_EQ(s.http_max_response_bytes, kDefaultMaxResponseBytes);
    EXPECT_EQ(s.http_x_session_affinity, defaults.http_x_session_affinity);
    EXPECT_EQ(s.record_backlog_limit, kDefaultRecordBacklogLimit);
    EXPECT_DOUBLE_EQ(s.timing_max_catchup_s, 0.01);
    EXPECT_FALSE(s.dev_mode);
  }
}

TEST(EnvSettings, EveryKindOfValueIsRead) {
  const EnvSettings s = read({{"AIPERF_HTTP_MAX_RESPONSE_BYTES", "4096"},
                              {"AIPERF_HTTP_VIDEO_POLL_INTERVAL", "0.25"},
                              {"AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID", "OFF"},
                              {"AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID", "Yes"},
                              {"AIPERF_METRICS_SPILL_DIR", "/var/tmp"},
                              {"AIPERF_DATASET_TRACELAB_MIN_SPAWN_MS", "0"},
                              {"AIPERF_DAG_FAIL_FAST", "TRUE"}});
  EXPECT_EQ(s.http_max_response_bytes, 4096u);
  EXPECT_DOUBLE_EQ(s.http_video_poll_interval_s, 0.25);
  EXPECT_FALSE(s.http_x_session_affinity);
  EXPECT_TRUE(s.http_x_session_id);
  EXPECT_EQ(s.metrics_spill_dir, "/var/tmp");
  EXPECT_DOUBLE_EQ(s.dataset_tracelab_min_spawn_ms, 0);
  EXPECT_TRUE(s.dag_fail_fast);
}

// One boolean rule for every switch, where there used to be four.
TEST(EnvSettings, EverySwitchTakesTheSameSpellings) {
  for (const EnvVariableInfo& v : env_variable_reference()) {
    if (v.default_value != "true" && v.default_value != "false") continue;
    for (const char* yes : {"1", "true", "True", "YES", "on"}) EXPECT_TRUE(parse_env_switch(v.name, yes)) << yes;
    for (const char* no : {"0", "false", "FALSE", "no", "Off"}) EXPECT_FALSE(parse_env_switch(v.name, no)) << no;
    EXPECT_EQ(error_of({{v.name, "maybe"}}), v.name + ": expected 1/true/yes/on or 0/false/no/off, got 'maybe'");
  }
}

TEST(EnvSettings, BadValuesNameTheVariableAndWhatItTakes) {
  EXPECT_EQ(error_of({{"AIPERF_HTTP_MAX_RESPONSE_BYTES", "1e6"}}),
            "AIPERF_HTTP_MAX_RESPONSE_BYTES: expected a whole number of bytes from 1 to 4294967295, got '1e6'");
  for (const char* bad : {"0", "-5", " 7", "+7", "4294967296", "99999999999999999999999"})
    EXPECT_THAT(error_of({{"AIPERF_HTTP_MAX_RESPONSE_BYTES", bad}}), HasSubstr("AIPERF_HTTP_MAX_RESPONSE_BYTES"))
        << bad;
  EXPECT_EQ(error_of({{"AIPERF_HTTP_VIDEO_POLL_INTERVAL", "0"}}),
            "AIPERF_HTTP_VIDEO_POLL_INTERVAL: expected seconds > 0 (at most 86400), got '0'");
  for (const char* bad : {"abc", "1s", "nan", "inf", "-1", "86401"})
    EXPECT_THAT(error_of({{"AIPERF_HTTP_VIDEO_POLL_INTERVAL", bad}}), HasSubstr(std::string("got '") + bad + "'"));
  EXPECT_EQ(error_of({{"AIPERF_TIMING_MAX_CATCHUP_SECONDS", "-0.5"}}),
            "AIPERF_TIMING_MAX_CATCHUP_SECONDS: expected seconds >= 0, got '-0.5'");
}

TEST(EnvSettings, TheReferenceListsEveryVariableOnceWithItsDefault) {
  std::set<std::string> names;
  for (const EnvVariableInfo& v : env_variable_reference()) {
    EXPECT_TRUE(names.insert(v.name).second) << v.name;
    EXPECT_EQ(v.name.rfind("AIPERF_", 0), 0u) << v.name;
    EXPECT_FALSE(v.accepts.empty()) << v.name;
    EXPECT_FALSE(v.meaning.empty()) << v.name;
  }
  EXPECT_EQ(names.size(), 24u);
  EXPECT_TRUE(names.count("AIPERF_RECORD_BACKLOG_LIMIT"));
}

TEST(EnvSettings, UnknownNamesUnderAKnownSubsystemAreReportedWithTheNearestName) {
  const std::vector<UnknownEnvVariable> unknown = unknown_env_variables(
      {"AIPERF_HTTP_MAX_RESPONSE_BYTE", "AIPERF_HTTP_MAX_RESPONSE_BYTES", "AIPERF_TIMING_CANCEL_DRAIN_TIMEOUT",
       "AIPERF_TOKENIZER_FIXTURES", "AIPERF_SKIP_DUCKDB", "PATH"});
  ASSERT_EQ(unknown.size(), 2u);
  EXPECT_EQ(unknown[0].name, "AIPERF_HTTP_MAX_RESPONSE_BYTE");
  EXPECT_EQ(unknown[0].nearest, "AIPERF_HTTP_MAX_RESPONSE_BYTES");
  EXPECT_EQ(unknown[1].name, "AIPERF_TIMING_CANCEL_DRAIN_TIMEOUT");  // upstream's, not read here
  EXPECT_EQ(unknown[1].nearest, "");
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// docs/cli.md's table of settings is this rendering of the table in env_settings.cpp;
// AIPERF_UPDATE_FIXTURES=1 rewrites it there.
std::string reference_markdown() {
  std::string out = "| variable | accepts | default | meaning |\n|---|---|---|---|\n";
  for (const EnvVariableInfo& v : env_variable_reference())
    out += "| `" + v.name + "` | " + v.accepts + " | " + (v.default_value.empty() ? "—" : "`" + v.default_value + "`") +
           " | " + v.meaning + " |\n";
  return out;
}

TEST(EnvSettings, TheReferenceInDocsCliMdIsCurrent) {
  const std::string path = (std::filesystem::path(AIPERF_TEST_FIXTURES_DIR) / ".." / ".." / "docs" / "cli.md").string();
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string begin = "<!-- env-settings:begin (generated by env_settings_test.cpp) -->\n";
  const std::string end = "<!-- env-settings:end -->";
  const size_t b = doc.find(begin), e = doc.find(end);
  ASSERT_NE(b, std::string::npos) << "no " << begin << " in " << path;
  ASSERT_NE(e, std::string::npos);
  const std::string current = doc.substr(b + begin.size(), e - b - begin.size());
  if (const char* update = std::getenv("AIPERF_UPDATE_FIXTURES"); update && *update) {
    doc.replace(b + begin.size(), e - b - begin.size(), reference_markdown());
    std::ofstream(path) << doc;
    return;
  }
  EXPECT_EQ(current, reference_markdown()) << "docs/cli.md is stale: rerun with AIPERF_UPDATE_FIXTURES=1";
}

}  // namespace
}  // namespace aiperf
