#include "common/block_file_stream.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace aiperf {
namespace {

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(BlockFileStream, WritesEverythingAcrossBlockBoundaries) {
  auto path = std::filesystem::temp_directory_path() / "aiperf_block_file_stream_test.txt";
  std::string expected;
  {
    BlockFileStream out(path, 64);  // tiny blocks: lines straddle them
    for (int i = 0; i < 100; ++i) {
      std::string line = "line " + std::to_string(i) + " " + std::string(size_t(i % 150), 'x') + "\n";
      out << line;
      out.put('!');
      expected += line + "!";
    }
    out.close();
    EXPECT_TRUE(out.good());
  }
  EXPECT_EQ(read_all(path), expected);
  std::filesystem::remove(path);
}

TEST(BlockFileStream, UnwritablePathIsOneLineError) {
  try {
    BlockFileStream out("/nonexistent-dir/x.jsonl");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/x.jsonl"), std::string::npos);
  }
}

TEST(BlockFileStream, WriteFailureIsReportedOnClose) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  BlockFileStream out("/dev/full", 16);
  out << std::string(100, 'a');
  out.close();
  EXPECT_FALSE(out.good());
}

}  // namespace
}  // namespace aiperf
