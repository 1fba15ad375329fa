#include "export/artifact_layout.h"

#include <fstream>

#include <gtest/gtest.h>

#include "export/exporter.h"
#include "run_summary_fixture.h"
#include "../support/temp_dir.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

TEST(ArtifactDirName, ReplacesSlashAndNamesEndpointAndConcurrency) {
  ProfileConfig c = testing::sample_config();
  EXPECT_EQ(auto_artifact_dir_name(c), "Qwen_Qwen3-0.6B-openai-chat-concurrency10");
  c.model_names = {"org/sub/model", "other"};
  c.endpoint_type = EndpointType::completions;
  c.concurrency.reset();
  EXPECT_EQ(auto_artifact_dir_name(c), "org_sub_model_multi-openai-completions-concurrency1");
}

TEST(ArtifactDirName, RateModesAsUpstreamPrintsThem) {
  ProfileConfig c = testing::sample_config();
  c.concurrency.reset();
  c.request_rate = 5;
  EXPECT_EQ(stimulus_name(c), "request_rate5.0");
  c.concurrency = 10;
  c.request_rate = 2.5;
  EXPECT_EQ(stimulus_name(c), "concurrency10-request_rate2.5");
  c.request_rate.reset();
  c.user_centric_rate = 15;
  c.num_users = 6;
  EXPECT_EQ(stimulus_name(c), "user_centric-users6-qps15.0");
  EXPECT_EQ(python_float_repr(2000), "2000.0");
  EXPECT_EQ(python_float_repr(0.1), "0.1");
}

TEST(PrepareArtifactDir, AutoNameUnderRootIsCreated) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = (tmp.path / "artifacts").string();
  fs::path dir = prepare_artifact_dir(c);
  EXPECT_EQ(dir, tmp.path / "artifacts" / "Qwen_Qwen3-0.6B-openai-chat-concurrency10");
  EXPECT_TRUE(fs::is_directory(dir));
}

TEST(PrepareArtifactDir, AutoNameNeverReusesARunDirectory) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = tmp.path.string();
  const std::string base = "Qwen_Qwen3-0.6B-openai-chat-concurrency10";

  fs::path first = prepare_artifact_dir(c);
  EXPECT_EQ(first, tmp.path / base);
  // A second run while the first is still going must not share its directory.
  fs::path second = prepare_artifact_dir(c);
  EXPECT_EQ(second, tmp.path / (base + "-2"));

  // A finished run (summary written, claim gone) is skipped as well.
  fs::remove(first / kRunClaimFile);
  std::ofstream(first / kSummaryJsonFile) << "{}";
  fs::remove(second / kRunClaimFile);
  std::ofstream(second / kSummaryJsonFile) << "{}";
  EXPECT_EQ(prepare_artifact_dir(c), tmp.path / (base + "-3"));
}

TEST(PrepareArtifactDir, AutoNameReusesAnEmptyLeftoverDirectory) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = tmp.path.string();
  fs::create_directories(tmp.path / "Qwen_Qwen3-0.6B-openai-chat-concurrency10");
  EXPECT_EQ(prepare_artifact_dir(c), tmp.path / "Qwen_Qwen3-0.6B-openai-chat-concurrency10");
}

TEST(PrepareArtifactDir, ExplicitDirIsUsedAsIsAndCreated) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = (tmp.path / "a" / "b").string();
  c.artifact_dir_given = true;
  EXPECT_EQ(prepare_artifact_dir(c), tmp.path / "a" / "b");
  EXPECT_TRUE(fs::is_directory(tmp.path / "a" / "b"));
  EXPECT_FALSE(fs::exists(tmp.path / "a" / "b" / kRunClaimFile));
  // Reusing it before a summary exists (e.g. after a crash) is fine.
  EXPECT_EQ(prepare_artifact_dir(c), tmp.path / "a" / "b");
}

TEST(PrepareArtifactDir, ExplicitDirHoldingARunIsRefused) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = tmp.path.string();
  c.artifact_dir_given = true;
  std::ofstream(tmp.path / kSummaryJsonFile) << "{}";
  try {
    prepare_artifact_dir(c);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    std::string what = e.what();
    EXPECT_EQ(what.rfind("--artifact-dir " + tmp.path.string() + " already holds a run", 0), 0u) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

TEST(PrepareArtifactDir, RootThatIsAFileIsAConfigError) {
  testing::TempDir tmp;
  std::ofstream(tmp.path / "file") << "x";
  ProfileConfig c = testing::sample_config();
  c.artifact_root = (tmp.path / "file").string();
  EXPECT_THROW(prepare_artifact_dir(c), ConfigError);
}

}  // namespace
}  // namespace aiperf
