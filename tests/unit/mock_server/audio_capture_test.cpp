// --save-audio: the mock writes the input_audio parts it receives, decoded, for tests to inspect.
#include "mock_server/audio_capture.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "mock_server/mock_config.h"

namespace aiperf::mock {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(AudioCapture, FlagNeedsAnExistingDirectory) {
  std::vector<std::string_view> ok{"--save-audio", "/tmp"};
  EXPECT_EQ(parse_mock_args(ok).error, "");
  EXPECT_EQ(parse_mock_args(ok).config.save_audio_dir, "/tmp");
  std::vector<std::string_view> bad{"--save-audio", "/nonexistent/dir"};
  EXPECT_EQ(parse_mock_args(bad).error, "--save-audio: expected an existing directory, got '/nonexistent/dir'");
}

TEST(AudioCapture, WritesEachPartDecodedAndRefusesBadData) {
  char tmpl[] = "/tmp/aiperf_capture_XXXXXX";
  const fs::path dir = ::mkdtemp(tmpl);
  const std::string body = R"({"messages": [
      {"role": "user", "content": [{"type": "text", "text": "hi"},
        {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},
        {"type": "input_audio", "input_audio": {"data": "AAEC", "format": "../mp3"}}]}]})";
  EXPECT_EQ(save_input_audio(dir.string(), body), "");
  EXPECT_EQ(read_all(dir / "1-1.wav"), "RIFF");
  EXPECT_EQ(read_all(dir / "1-2.___mp3"), std::string("\x00\x01\x02", 3));  // no path tricks
  EXPECT_EQ(save_input_audio(dir.string(), R"({"messages": [{"role": "user", "content": "no parts"}]})"), "");
  EXPECT_EQ(save_input_audio(dir.string(),
                             R"({"messages": [{"content": [{"type": "input_audio", "input_audio": {"data": "!!"}}]}]})"),
            "input_audio 'data' is not base64");
  EXPECT_EQ(save_input_audio(dir.string(), R"({"messages": [{"content": [{"type": "input_audio"}]}]})"),
            "input_audio part without a 'data' string");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aiperf::mock
