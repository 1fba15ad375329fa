#include "export/exporter.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "export/artifact_layout.h"
#include "run_summary_fixture.h"
#include "../support/temp_dir.h"
#include "../support/file_bytes.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

using test_support::read_file;

TEST(ExportRun, WritesSummaryFilesAtomicallyAndPrintsTheReport) {
  testing::TempDir tmp;
  ProfileConfig c = testing::sample_config();
  c.artifact_root = tmp.path.string();
  fs::path dir = prepare_artifact_dir(c);
  ASSERT_TRUE(fs::exists(dir / kRunClaimFile));

  unsetenv("COLUMNS");  // stdout width would follow it
  ::testing::internal::CaptureStdout();
  auto written = export_run(c, testing::sample_summary(), testing::sample_info(), dir);
  std::string printed = ::testing::internal::GetCapturedStdout();

  EXPECT_EQ(written, (std::vector<fs::path>{dir / "profile_export_aiperf.csv", dir / "profile_export_aiperf.json",
                                            dir / "profile_export_console.txt"}));
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();
  EXPECT_FALSE(fs::exists(dir / kRunClaimFile));

  auto doc = nlohmann::ordered_json::parse(read_file(dir / "profile_export_aiperf.json"));
  EXPECT_EQ(doc["schema_version"], "1.5");
  EXPECT_EQ(read_file(dir / "profile_export_aiperf.csv").substr(0, 8), "Metric,a");

  std::string console = read_file(dir / "profile_export_console.txt");
  EXPECT_EQ(console.find('\x1b'), std::string::npos);
  EXPECT_NE(console.find("NVIDIA AIPerf | LLM Metrics"), std::string::npos);
  EXPECT_NE(console.find("JSON Export: "), std::string::npos);
  // Captured stdout is not a terminal: same text, no colour.
  EXPECT_EQ(printed, console);

  // The finished run now blocks reuse of its directory.
  EXPECT_NE(prepare_artifact_dir(c), dir);
}

}  // namespace
}  // namespace aiperf
