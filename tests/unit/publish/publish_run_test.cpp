#include "publish/publish_run.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "common/log.h"
#include "publish_fixture.h"

namespace aiperf {
namespace {

struct CapturedLog {
  std::vector<std::string> warnings;
  CapturedLog() {
    divert_console_log([this](LogLevel level, const std::string& line) {
      if (level == LogLevel::warning) warnings.push_back(line);
    });
  }
  ~CapturedLog() { divert_console_log({}); }
};

TEST(PublishRun, NothingEnabledIsNothingDone) {
  testing::FixtureRun f;
  ProfileConfig config;
  EXPECT_FALSE(publishing_enabled(config));
  EXPECT_TRUE(publish_run({&config, f.dir.path, f.run.benchmark_id, false, "aiperf profile"}));
}

// Every target down: one warning each, naming it without its password, and the artifacts as
// they were (no mlflow_export.json).
TEST(PublishRun, TargetsDownFailSoftWithOneWarningEach) {
  testing::FixtureRun f;
  ProfileConfig config;
  config.model_names = {"mock-model"};
  config.otel.url = "127.0.0.1:1";
  config.mlflow.tracking_uri = "http://bob:hunter2secret@127.0.0.1:1";
  config.wandb.project = "proj";
  ::setenv("WANDB_BASE_URL", "http://127.0.0.1:1", 1);
  ::setenv("WANDB_API_KEY", "wandb-key-not-to-be-logged", 1);
  bool ok = true;
  std::vector<std::string> warnings;
  {
    CapturedLog log;
    ok = publish_run({&config, f.dir.path, f.run.benchmark_id, false, "aiperf profile"});
    warnings = log.warnings;
  }
  ::unsetenv("WANDB_BASE_URL");
  ::unsetenv("WANDB_API_KEY");
  EXPECT_FALSE(ok);
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_NE(warnings[0].find("OpenTelemetry (http://127.0.0.1:1/v1/metrics)"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("MLflow (http://<redacted>@127.0.0.1:1)"), std::string::npos) << warnings[1];
  EXPECT_NE(warnings[2].find("Weights & Biases (http://127.0.0.1:1, project proj)"), std::string::npos) << warnings[2];
  for (const std::string& w : warnings) {
    EXPECT_EQ(w.find("hunter2secret"), std::string::npos) << w;
    EXPECT_EQ(w.find("wandb-key-not-to-be-logged"), std::string::npos) << w;
  }
  EXPECT_FALSE(std::filesystem::exists(f.dir.path / "mlflow_export.json"));
  EXPECT_TRUE(std::filesystem::exists(f.dir.path / "profile_export.jsonl"));
}

TEST(PublishRun, MissingSummaryIsOneWarning) {
  testing::TempDir empty;
  ProfileConfig config;
  config.otel.url = "127.0.0.1:1";
  CapturedLog log;
  EXPECT_FALSE(publish_run({&config, empty.path, "id", false, "aiperf profile"}));
  ASSERT_EQ(log.warnings.size(), 1u);
  EXPECT_NE(log.warnings[0].find("nothing was exported"), std::string::npos);
}

TEST(PublishRun, WandbWithoutAnApiKeySaysSo) {
  testing::FixtureRun f;
  ProfileConfig config;
  config.wandb.project = "proj";
  ::unsetenv("WANDB_API_KEY");
  CapturedLog log;
  EXPECT_FALSE(publish_run({&config, f.dir.path, f.run.benchmark_id, false, "aiperf profile"}));
  ASSERT_EQ(log.warnings.size(), 1u);
  EXPECT_NE(log.warnings[0].find("WANDB_API_KEY is not set"), std::string::npos) << log.warnings[0];
}

}  // namespace
}  // namespace aiperf
