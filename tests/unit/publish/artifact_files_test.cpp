#include "publish/artifact_files.h"

#include <gtest/gtest.h>

#include <fstream>

#include "../support/temp_dir.h"

namespace aiperf {
namespace {

void af_touch(const std::filesystem::path& p) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << "x";
}

TEST(ArtifactFiles, EveryFinishedFileSortedByRelativePath) {
  testing::TempDir d;
  for (const char* name : {"profile_export.jsonl", "profile_export_aiperf.json", "plots/ttft.png", "logs/aiperf.log",
                           "outputs.json.partial", ".aiperf_run_claim", "mlflow_export.json"})
    af_touch(d.path / name);
  EXPECT_EQ(artifact_files(d.path, {}, "mlflow_export.json"),
            (std::vector<std::string>{"logs/aiperf.log", "plots/ttft.png", "profile_export.jsonl",
                                      "profile_export_aiperf.json"}));
}

TEST(ArtifactFiles, GlobsMatchTheRelativePathOrTheName) {
  testing::TempDir d;
  for (const char* name : {"a.json", "b.csv", "plots/c.json", "plots/d.png"}) af_touch(d.path / name);
  EXPECT_EQ(artifact_files(d.path, {"*.json"}), (std::vector<std::string>{"a.json", "plots/c.json"}));
  EXPECT_EQ(artifact_files(d.path, {"plots/*.png", "b.*"}), (std::vector<std::string>{"b.csv", "plots/d.png"}));
  EXPECT_TRUE(artifact_files(d.path, {"*.parquet"}).empty());
  EXPECT_TRUE(artifact_files(d.path / "missing", {}).empty());
}

}  // namespace
}  // namespace aiperf
