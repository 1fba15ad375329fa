#include "common/log.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace aiperf {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

struct LogFile : ::testing::Test {
  fs::path dir;
  void SetUp() override {
    char tmpl[] = "/tmp/aiperf_log_XXXXXX";
    dir = ::mkdtemp(tmpl);
    close_log_file();  // nothing pending from another test
  }
  void TearDown() override {
    close_log_file();
    set_log_levels(LogLevel::warning, LogLevel::info);
    fs::remove_all(dir);
  }
};

TEST(LogLevels, UpstreamNamesAndOrder) {
  EXPECT_STREQ(log_level_name(LogLevel::notice), "NOTICE");
  EXPECT_LT(LogLevel::info, LogLevel::notice);
  EXPECT_LT(LogLevel::success, LogLevel::warning);
}

TEST_F(LogFile, LinesFromBeforeTheFileOpensAreWrittenFirstAndLevelsFilter) {
  set_log_levels(LogLevel::critical, LogLevel::debug);
  log_info("before the file");
  log_trace("too detailed for the file");
  open_log_file(dir / "logs" / "aiperf.log");
  log_debug("after the file");
  log_file_only(LogLevel::warning, "warning: shown on the console already");
  close_log_file();
  const std::string text = read_file(dir / "logs" / "aiperf.log");
  const size_t before = text.find(" INFO before the file\n"), after = text.find(" DEBUG after the file\n");
  EXPECT_NE(before, std::string::npos) << text;
  EXPECT_NE(after, std::string::npos) << text;
  EXPECT_LT(before, after);
  EXPECT_NE(text.find(" WARNING warning: shown on the console already\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("too detailed"), std::string::npos) << text;
  EXPECT_TRUE(log_enabled(LogLevel::debug));
  EXPECT_FALSE(log_enabled(LogLevel::trace));
}

TEST_F(LogFile, RegisteredSecretsNeverReachTheFile) {
  set_log_levels(LogLevel::critical, LogLevel::trace);
  add_log_secret("sk-live-abcdef");
  add_log_secret("abc");  // too short to be told from ordinary text: ignored
  open_log_file(dir / "aiperf.log");
  log_info("Authorization: Bearer sk-live-abcdef, twice: sk-live-abcdefsk-live-abcdef, abc");
  log_file_only(LogLevel::info, "note with sk-live-abcdef");
  close_log_file();
  const std::string text = read_file(dir / "aiperf.log");
  EXPECT_EQ(text.find("sk-live"), std::string::npos) << text;
  EXPECT_NE(text.find("Bearer <redacted>, twice: <redacted><redacted>, abc"), std::string::npos) << text;
  EXPECT_NE(text.find("note with <redacted>"), std::string::npos) << text;
}

}  // namespace
}  // namespace aiperf
