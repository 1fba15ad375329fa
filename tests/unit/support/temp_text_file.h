#pragma once
// A file under /tmp holding `text`, for tests of code that reads input files; removed when
// the test ends. (tests/unit/support has no *_test.cpp, so it builds no test binary.)
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace aiperf::test_support {

struct TempTextFile {
  std::string path;
  explicit TempTextFile(const std::string& text) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "aiperf_test_XXXXXX").string();
    int fd = ::mkstemp(tmpl.data());
    if (fd >= 0) ::close(fd);
    path = tmpl;
    std::ofstream(path) << text;
  }
  ~TempTextFile() { std::filesystem::remove(path); }
  TempTextFile(const TempTextFile&) = delete;
  TempTextFile& operator=(const TempTextFile&) = delete;
};

}  // namespace aiperf::test_support
